import { useState } from 'react';
import styled from 'styled-components';
import { Navigate, NotFound, Route, Routes, recordLibraryIdentity, lazyPage, openedPage } from '@portal/shared-ui';
import { OverviewPage } from '../features/overview';
import { AdminLayout } from './AdminLayout';

recordLibraryIdentity('mfe-admin', useState, styled);

// The overview is the admin's first route (/admin opens it), so it ships in the remote's first
// chunk; every other page is its own chunk, loaded when first opened, as in mfe-wallet
// (AdminLayout shows "Loading..." beside the menu meanwhile).
const UsersPage = lazyPage(() => import('../features/users'), 'UsersPage');
const KycQueuePage = lazyPage(() => import('../features/kyc'), 'KycQueuePage');
const TicketsPage = lazyPage(() => import('../features/tickets'), 'TicketsPage');
const TicketDetailPage = lazyPage(() => import('../features/tickets'), 'TicketDetailPage');
const DisputesPage = lazyPage(() => import('../features/disputes'), 'DisputesPage');
const CampaignReviewPage = lazyPage(() => import('../features/campaigns'), 'CampaignReviewPage');
const ContactsPage = lazyPage(() => import('../features/contacts'), 'ContactsPage');
const AuditPage = lazyPage(() => import('../features/audit'), 'AuditPage');
const ReleasesPage = lazyPage(() => import('../features/releases'), 'ReleasesPage');
const SystemPage = lazyPage(() => import('../features/system'), 'SystemPage');

// Declared once: App renders them; `ready` loads the lazy page a visit opens on (shared-ui openedPage).
const routes = (
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
      <Route path="system" element={<SystemPage />} />
      <Route path="*" element={<NotFound />} />
    </Route>
  </Routes>
);
export const ready = openedPage(routes);

/**
 * Exposed as `mfe_admin/App`: the /admin area (docs/product.md "Admin"). The shell renders it only
 * for admins (the registry lists this remote only for them) and shows Access Denied otherwise.
 */
export default function App() {
  return routes;
}
