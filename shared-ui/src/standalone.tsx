// Standalone development page of a remote (`pnpm --filter @portal/<name> dev`): the remote's App
// with its own store, theme, router and toasts, against the same API. In the portal the shell
// provides all of this. Imported only by a remote's own entry (`@portal/shared-ui/standalone`),
// never by what it exposes, so it stays out of the shared-ui singleton.
import { StrictMode, type ComponentType, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
// By package name, not relative paths: the remote must use the one shared-ui singleton (one store,
// one session) that its App uses, not a second copy bundled with this page.
import {
  BrowserRouter,
  CenteredMessage,
  createPortalStore,
  GlobalStyle,
  Link,
  startSession,
  theme,
  Toaster,
  useSession,
} from '@portal/shared-ui';

export interface StandaloneOptions {
  /** Shown in the banner above the page ("mfe-wallet standalone. ..."). */
  name: string;
  /** The banner's link to the remote's first page. */
  home: { to: string; label: string };
}

/** In the portal the shell's guards do this: render only once the session is read. */
function SessionGate({ children }: { children: ReactNode }) {
  const { status } = useSession();
  if (status === 'loading') return <CenteredMessage>Loading...</CenteredMessage>;
  if (status === 'signedOut')
    return <CenteredMessage>Signed out: sign in on the portal (same API), then reload.</CenteredMessage>;
  return <>{children}</>;
}

function mount(page: ReactNode) {
  const store = createPortalStore();
  void startSession();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <Provider store={store}>
        <ThemeProvider theme={theme}>
          <GlobalStyle />
          <BrowserRouter>{page}</BrowserRouter>
          <Toaster />
        </ThemeProvider>
      </Provider>
    </StrictMode>,
  );
}

/** The remote's App under a banner, shown once the user is signed in. */
export function renderStandalone(App: ComponentType, { name, home }: StandaloneOptions) {
  mount(
    <>
      <p style={{ padding: 8, margin: 0, background: '#fef9c3' }}>
        {name} standalone. Sign in on the portal (same API) first. <Link to={home.to}>{home.label}</Link>
      </p>
      <main style={{ maxWidth: 1200, margin: '0 auto', padding: 16 }}>
        <SessionGate>
          <App />
        </SessionGate>
      </main>
    </>,
  );
}

/** A remote that checks access itself (e.g. the admin area's GET /api/admin/me): its gate, full page. */
export function renderStandaloneGated(Gate: ComponentType) {
  mount(<Gate />);
}
