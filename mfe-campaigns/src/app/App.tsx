import { Suspense, useState } from 'react';
import styled from 'styled-components';
import {
  CenteredMessage,
  NotFound,
  Route,
  Routes,
  Spinner,
  dispatchToPortal,
  recordLibraryIdentity,
  lazyPage,
  openedPage,
} from '@portal/shared-ui';
import { BrowsePage } from '../features/browse';
import { browseApi } from '../features/browse/api/browse-campaigns';

// Browse is the campaigns' first route (the header's Invest link), so it ships in the remote's first
// chunk; every other page is its own chunk (first-route budget <= 50 KB gzip).
const CreateCampaignPage = lazyPage(() => import('../features/create'), 'CreateCampaignPage');
const CampaignPage = lazyPage(() => import('../features/campaign'), 'CampaignPage');
const MyInvestmentsPage = lazyPage(() => import('../features/my-investments'), 'MyInvestmentsPage');
const MyCampaignsPage = lazyPage(() => import('../features/my-campaigns'), 'MyCampaignsPage');

const pageLoading = (
  <CenteredMessage role="status">
    <Spinner /> Loading...
  </CenteredMessage>
);

recordLibraryIdentity('mfe-campaigns', useState, styled);
// The first page of Browse is asked for as this module loads (the shell's early script has it in flight).
if (location.pathname === '/browse-campaigns')
  dispatchToPortal(browseApi.util.prefetch('browseCampaigns', { q: undefined }, {}));

// Declared once: App renders them; `ready` loads the lazy page a visit opens on (shared-ui openedPage).
const routes = (
  <Routes>
    <Route path="/browse-campaigns" element={<BrowsePage />} />
    <Route path="/create-campaign" element={<CreateCampaignPage />} />
    <Route path="/campaign/:campaignId" element={<CampaignPage />} />
    <Route path="/my-investments" element={<MyInvestmentsPage />} />
    <Route path="/my-campaigns" element={<MyCampaignsPage />} />
    <Route path="*" element={<NotFound />} />
  </Routes>
);
export const ready = openedPage(routes);

/** Exposed as `mfe_campaigns/App`: the campaigns' routes (package.json "portal.routes"), at the portal's absolute paths. */
export default function App() {
  return <Suspense fallback={pageLoading}>{routes}</Suspense>;
}
