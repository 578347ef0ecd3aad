import { Outlet } from '@portal/shared-ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Footer } from './Footer';
import { Header } from './Header';

const Shell = styled.div`min-height: 100vh; display: flex; flex-direction: column;`;
const Main = styled.main`flex: 1; width: 100%; max-width: 1200px; margin: 0 auto; padding: 24px 16px;`;

export function Layout({ children }: { children?: ReactNode }) {
  return (
    <Shell>
      <Header />
      <Main id="main">{children ?? <Outlet />}</Main>
      <Footer />
    </Shell>
  );
}
