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
import { TicketsPage } from '../features/tickets';
import { ticketsApi } from '../features/tickets/api/tickets';

// The ticket list is the remote's first route (the footer's Customer Support link), so it ships in the
// remote's first chunk; a ticket's page is its own chunk (first-route budget <= 50 KB gzip).
const TicketPage = lazyPage(() => import('../features/ticket'), 'TicketPage');

recordLibraryIdentity('mfe-support', useState, styled);
// The first page of tickets is asked for as this module loads (the shell's early script has it in flight).
if (location.pathname === '/support') dispatchToPortal(ticketsApi.util.prefetch('getMyTickets', {}, {}));

// Declared once: App renders them; `ready` loads the lazy page a visit opens on (shared-ui openedPage).
const routes = (
  <Routes>
    <Route path="/support" element={<TicketsPage />} />
    <Route path="/support/ticket/:ticketId" element={<TicketPage />} />
    <Route path="*" element={<NotFound />} />
  </Routes>
);
export const ready = openedPage(routes);

/** Exposed as `mfe_support/App`: /support and /support/ticket/{ticketId} (package.json "portal.routes"). */
export default function App() {
  return (
    <Suspense
      fallback={
        <CenteredMessage role="status">
          <Spinner /> Loading...
        </CenteredMessage>
      }
    >
      {routes}
    </Suspense>
  );
}
