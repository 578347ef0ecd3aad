import { StrictMode, startTransition, useState } from 'react';
import styled from 'styled-components';
import { createRoot } from 'react-dom/client';
import { recordLibraryIdentity, startSession } from '@portal/shared-ui';
import { App } from './app/App';
import { store } from './app/store';
import { loadAuthPage } from './features/auth/lazy';

recordLibraryIdentity('shell', useState, styled);
void startSession();
if (location.pathname === '/auth') void loadAuthPage();
// The first render as a transition: React renders it in small slices and yields to the browser in
// between, instead of one long task (Total Blocking Time on a slow phone). index.html already shows
// the header bar until it commits.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App store={store} />
    </StrictMode>,
  );
});
