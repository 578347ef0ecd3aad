import { Outlet } from '@portal/shared-ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Footer } from './Footer';
import { Header } from './Header';

const Shell = styled.div`min-height: 100vh; display: flex; flex-direction: column;`;
// min-height keeps the footer below the first screen, so pages that render after the session or a
// lazy chunk arrives do not push a visible footer down (no layout shift).
const Main = styled.main`flex: 1; width: 100%; max-width: 1200px; margin: 0 auto; padding: 24px 16px; min-height: calc(100vh - 64px);`;

export function Layout({ children }: { children?: ReactNode }) {
  return (
    <Shell>
      <Header />
      <Main id="main">{children ?? <Outlet />}</Main>
      <Footer />
    </Shell>
  );
}
