import { StrictMode, useState } from 'react';
import styled from 'styled-components';
import { createRoot } from 'react-dom/client';
import { recordLibraryIdentity, startSession } from '@portal/shared-ui';
import { App } from './app/App';
import { store } from './app/store';

recordLibraryIdentity('shell', useState, styled);
void startSession();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
