import { useState } from 'react';
import styled from 'styled-components';
import { Button, Card, Link, Route, Routes, recordLibraryIdentity } from '@portal/shared-ui';
import { DashboardPage } from '../features/dashboard';
import { SendMoneyPage } from '../features/send-money';
import { PayPage } from '../features/pay';
import { PaymentRequestsPanel } from '../features/payment-requests';
import { TransactionsPage } from '../features/transactions';
import { ProfilePage } from '../features/profile';

const Panel = styled(Card)`
  max-width: 560px; margin: 48px auto; padding: 32px; text-align: center;
  h1 { font-size: 22px; margin: 0 0 8px; }
  p { color: ${(p) => p.theme.colors.mutedForeground}; margin: 0 0 20px; }
`;
function ComingSoon() {
  return (
    <Panel data-testid="coming-soon">
      <h1>Coming soon</h1>
      <p>This part of your wallet is not available yet.</p>
      <Button as={Link} to="/dashboard">Go to Dashboard</Button>
    </Panel>
  );
}

recordLibraryIdentity('mfe-wallet', useState, styled);

/**
 * Exposed as `mfe_wallet/App`: the routes of the wallet area. The shell mounts it under a root
 * splat route, so paths are the portal's absolute paths (package.json "portal.routes").
 */
export default function App() {
  return (
    <Routes>
      <Route path="/dashboard" element={<DashboardPage />} />
      <Route path="/send-money" element={<SendMoneyPage />} />
      <Route path="/pay" element={<PayPage extra={<PaymentRequestsPanel />} />} />
      <Route path="/transactions" element={<TransactionsPage />} />
      <Route path="/profile" element={<ProfilePage />} />
      <Route path="*" element={<ComingSoon />} />
    </Routes>
  );
}
