import { Provider } from 'react-redux';
import { ThemeProvider } from 'styled-components';
import { GlobalStyle, theme, Toaster, type PortalStore, BrowserRouter } from '@portal/shared-ui';
import { AppRoutes } from './routes';
import { RegistryLoader } from '../remotes/RegistryLoader';

export function App({ store }: { store: PortalStore }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <GlobalStyle />
        <BrowserRouter>
          <RegistryLoader />
          <AppRoutes />
        </BrowserRouter>
        <Toaster />
      </ThemeProvider>
    </Provider>
  );
}
