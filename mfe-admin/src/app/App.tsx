import { Suspense, lazy, useState } from 'react';
import styled from 'styled-components';
import { CenteredMessage, Navigate, NotFound, Route, Routes, Spinner, recordLibraryIdentity } from '@portal/shared-ui';
import { AuditPage } from '../features/audit';
import { CampaignReviewPage } from '../features/campaigns';
import { DisputesPage } from '../features/disputes';
import { KycQueuePage } from '../features/kyc';
import { OverviewPage } from '../features/overview';
import { ContactsPage } from '../features/contacts';
import { TicketDetailPage, TicketsPage } from '../features/tickets';
import { UsersPage } from '../features/users';
import { AdminLayout } from './AdminLayout';

recordLibraryIdentity('mfe-admin', useState, styled);

// Pages an admin opens now and then load on first visit, off the /admin first route.
const ReleasesPage = lazy(() => import('../features/releases').then((m) => ({ default: m.ReleasesPage })));
const pageLoading = <CenteredMessage role="status"><Spinner /> Loading...</CenteredMessage>;

/**
 * Exposed as `mfe_admin/App`: the /admin area (spec 001 §2 Admin area). The shell renders it only
 * for admins (the registry lists this remote only for them) and shows Access Denied otherwise.
 */
export default function App() {
  return (
    <Routes>
      <Route path="/admin" element={<AdminLayout />}>
        <Route index element={<Navigate to="/admin/dashboard" replace />} />
        <Route path="dashboard" element={<OverviewPage />} />
        <Route path="users" element={<UsersPage />} />
        <Route path="kyc" element={<KycQueuePage />} />
        <Route path="tickets" element={<TicketsPage />} />
        <Route path="disputes" element={<DisputesPage />} />
        <Route path="campaigns" element={<CampaignReviewPage />} />
        <Route path="support/ticket/:ticketId" element={<TicketDetailPage />} />
        <Route path="contacts" element={<ContactsPage />} />
        <Route path="audit" element={<AuditPage />} />
        <Route path="releases" element={<Suspense fallback={pageLoading}><ReleasesPage /></Suspense>} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
