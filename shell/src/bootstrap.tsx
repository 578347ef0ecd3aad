import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { startSession } from '@portal/shared-ui';
import { App } from './app/App';
import { store } from './app/store';

void startSession();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App store={store} />
  </StrictMode>,
);
