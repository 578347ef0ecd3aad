import { useState } from 'react';
import styled from 'styled-components';
import { Navigate, NotFound, Route, Routes, recordLibraryIdentity } from '@portal/shared-ui';
import { AuditPage } from '../features/audit';
import { CampaignReviewPage } from '../features/campaigns';
import { DisputesPage } from '../features/disputes';
import { KycQueuePage } from '../features/kyc';
import { OverviewPage } from '../features/overview';
import { ReleasesPage } from '../features/releases';
import { ContactsPage } from '../features/contacts';
import { TicketDetailPage, TicketsPage } from '../features/tickets';
import { UsersPage } from '../features/users';
import { AdminLayout } from './AdminLayout';

recordLibraryIdentity('mfe-admin', useState, styled);

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
        <Route path="releases" element={<ReleasesPage />} />
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
