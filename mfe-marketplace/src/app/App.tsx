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
import { FindWorkPage } from '../features/find-work';
import { findProjectsApi } from '../features/find-work/api/find-projects';

// Find work is the marketplace's first route (the header links it), so it ships in the remote's first
// chunk; every other page is its own chunk, loaded when first opened (first-route budget <= 50 KB gzip).
const PostProjectPage = lazyPage(() => import('../features/post-project'), 'PostProjectPage');
const ProjectPage = lazyPage(() => import('../features/project'), 'ProjectPage');
const MyProjectsPage = lazyPage(() => import('../features/my-projects'), 'MyProjectsPage');
const ContractPage = lazyPage(() => import('../features/contract'), 'ContractPage');

const pageLoading = (
  <CenteredMessage role="status">
    <Spinner /> Loading...
  </CenteredMessage>
);

recordLibraryIdentity('mfe-marketplace', useState, styled);
// The first page of Find work is asked for as this module loads (the shell's early script already
// has it in flight), not when the page mounts.
if (location.pathname === '/find-work' && !location.search)
  dispatchToPortal(
    findProjectsApi.util.prefetch('findProjects', { q: undefined, budget_type: undefined, skills: undefined }, {}),
  );

// Declared once: App renders them; `ready` loads the lazy page a visit opens on (shared-ui openedPage).
const routes = (
  <Routes>
    <Route path="/find-work" element={<FindWorkPage />} />
    <Route path="/post-project" element={<PostProjectPage />} />
    <Route path="/project/:projectId" element={<ProjectPage />} />
    <Route path="/my-projects" element={<MyProjectsPage />} />
    <Route path="/contract/:contractId" element={<ContractPage />} />
    <Route path="*" element={<NotFound />} />
  </Routes>
);
export const ready = openedPage(routes);

/** Exposed as `mfe_marketplace/App`: the marketplace's routes (package.json "portal.routes"), at the portal's absolute paths. */
export default function App() {
  return <Suspense fallback={pageLoading}>{routes}</Suspense>;
}
