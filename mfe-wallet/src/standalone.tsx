// Standalone development page: the remote with its own store, against the same API.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { BrowserRouter, CenteredMessage, createPortalStore, GlobalStyle, Link, startSession, theme, Toaster, useSession } from '@portal/shared-ui';
import App from './app/App';

/** In the portal the shell's guards do this: render only once the session is read. */
function SessionGate() {
  const { status } = useSession();
  if (status === 'loading') return <CenteredMessage>Loading...</CenteredMessage>;
  if (status === 'signedOut') return <CenteredMessage>Signed out: sign in on the portal (same API), then reload.</CenteredMessage>;
  return <App />;
}

const store = createPortalStore();
void startSession();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <BrowserRouter>
          <p style={{ padding: 8, margin: 0, background: '#fef9c3' }}>
            mfe-wallet standalone. Sign in on the portal (same API) first. <Link to="/dashboard">Dashboard</Link>
          </p>
          <main style={{ maxWidth: 1200, margin: '0 auto', padding: 16 }}>
            <SessionGate />
          </main>
        </BrowserRouter>
        <Toaster />
      </ThemeProvider>
    </Provider>
  </StrictMode>,
);
