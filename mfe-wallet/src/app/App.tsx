import { Suspense, useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  Card,
  CenteredMessage,
  Link,
  Route,
  Routes,
  Spinner,
  dispatchToPortal,
  recordLibraryIdentity,
  lazyPage,
  openedPage,
} from '@portal/shared-ui';
import { DashboardPage } from '../features/dashboard';
import { dashboardApi } from '../features/dashboard/api/get-dashboard';

// The dashboard is the first route people open after signing in, so it ships in the remote's
// first chunk; every other page is its own chunk, loaded when first opened (first-route budget,
// At most 60 KB gzip).
const SendMoneyPage = lazyPage(() => import('../features/send-money'), 'SendMoneyPage');
const PayWithRequests = lazyPage(
  () =>
    Promise.all([import('../features/pay'), import('../features/payment-requests')]).then(([pay, requests]) => ({
      PayWithRequests: () => <pay.PayPage extra={<requests.PaymentRequestsPanel />} />,
    })),
  'PayWithRequests',
);
const TransactionsPage = lazyPage(() => import('../features/transactions'), 'TransactionsPage');
const ProfilePage = lazyPage(() => import('../features/profile'), 'ProfilePage');
// The invoice list, form and detail are a chunk each: /invoices evaluates only the list (the form
// and the detail with its payment were two thirds of one shared chunk).
const InvoicesPage = lazyPage(() => import('../features/invoices/components/InvoicesPage'), 'InvoicesPage');
const InvoiceFormPage = lazyPage(() => import('../features/invoices/components/InvoiceFormPage'), 'InvoiceFormPage');
const InvoiceDetailPage = lazyPage(
  () => import('../features/invoices/components/InvoiceDetailPage'),
  'InvoiceDetailPage',
);
const LinkedAccountsPage = lazyPage(() => import('../features/linked-accounts'), 'LinkedAccountsPage');

const pageLoading = (
  <CenteredMessage role="status">
    <Spinner /> Loading...
  </CenteredMessage>
);

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
      <Button as={Link} to="/dashboard">
        Go to Dashboard
      </Button>
    </Panel>
  );
}

recordLibraryIdentity('mfe-wallet', useState, styled);
// The opened route's data is asked for as this module loads, not when its page mounts (the shell's
// entry already has the answer in flight): the page's first render has it.
if (location.pathname === '/dashboard') dispatchToPortal(dashboardApi.util.prefetch('getDashboard', undefined, {}));

// Declared once: App renders them; `ready` loads the lazy page a visit opens on (shared-ui openedPage).
const routes = (
  <Routes>
    <Route path="/dashboard" element={<DashboardPage />} />
    <Route path="/send-money" element={<SendMoneyPage />} />
    <Route path="/pay" element={<PayWithRequests />} />
    <Route path="/transactions" element={<TransactionsPage />} />
    <Route path="/profile" element={<ProfilePage />} />
    <Route path="/linked-accounts" element={<LinkedAccountsPage />} />
    <Route path="/invoices" element={<InvoicesPage />} />
    <Route path="/invoices/create" element={<InvoiceFormPage />} />
    <Route path="/invoices/edit/:id" element={<InvoiceFormPage />} />
    <Route path="/invoice/:invoiceId" element={<InvoiceDetailPage />} />
    <Route path="*" element={<ComingSoon />} />
  </Routes>
);
export const ready = openedPage(routes);

/**
 * Exposed as `mfe_wallet/App`: the routes of the wallet area. The shell mounts it under a root
 * splat route, so paths are the portal's absolute paths (package.json "portal.routes").
 */
export default function App() {
  return <Suspense fallback={pageLoading}>{routes}</Suspense>;
}
