import { StrictMode, startTransition, useState } from 'react';
import styled from 'styled-components';
import { createRoot } from 'react-dom/client';
import { recordLibraryIdentity, startSession } from '@portal/shared-ui';
import { App } from './app/App';
import { store } from './app/store';
import { openedShellPage } from './app/routes';

recordLibraryIdentity('shell', useState, styled);
void startSession();
// The first render as a transition: React renders it in small slices and yields to the browser in
// between, instead of one long task (Total Blocking Time on a slow phone). index.html already shows
// the header bar until it commits. On a page that is a chunk of its own (/auth, a static page) it
// waits for that chunk, in parallel with the session read /auth waits for anyway: rendered before,
// the page's Suspense boundary would commit its fallback and React would hold the page back until
// 300 ms after it (shared-ui openedPage, which settles whether the chunk came or not).
const root = createRoot(document.getElementById('root')!);
const render = () =>
  startTransition(() => {
    root.render(
      <StrictMode>
        <App store={store} />
      </StrictMode>,
    );
  });
const opened = openedShellPage();
if (opened) void opened.then(render);
else render();
