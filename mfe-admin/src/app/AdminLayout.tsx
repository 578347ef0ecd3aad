import { Suspense, useState, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Button, CenteredMessage, media, Link, NavLink, Outlet, Spinner, useLogOut } from '@portal/shared-ui';

const Root = styled.div`min-height: 100vh; display: flex; background: ${(p) => p.theme.colors.page};`;
const sidebarCss = css`
  width: 240px; flex: none; background: #0f172a; color: #e2e8f0; padding: 20px 12px; display: flex; flex-direction: column; gap: 4px;
  h2 { color: #fff; font-size: 18px; margin: 4px 12px 20px; }
  a, button { display: flex; align-items: center; gap: 10px; padding: 10px 12px; border-radius: 8px; color: #cbd5e1;
    text-decoration: none; font-size: 14px; border: 0; background: none; cursor: pointer; text-align: left; width: 100%; }
  a:hover, button:hover { background: #1e293b; color: #fff; }
  a.active { background: #1e3a8a; color: #fff; }
  .spacer { flex: 1; }
`;
const Sidebar = styled.aside`
  ${sidebarCss}
  display: none; position: sticky; top: 0; height: 100vh;
  ${media.md} { display: flex; }
`;
const Drawer = styled.aside<{ $open: boolean }>`
  ${sidebarCss}
  position: fixed; z-index: 60; top: 0; bottom: 0; left: 0; transform: translateX(${(p) => (p.$open ? '0' : '-100%')});
  transition: transform .2s ease;
  ${media.md} { display: none; }
`;
const Scrim = styled.div`position: fixed; inset: 0; z-index: 55; background: rgba(15,23,42,.5); ${media.md} { display: none; }`;
const Content = styled.div`flex: 1; min-width: 0; display: flex; flex-direction: column;`;
const TopBar = styled.div`
  display: flex; align-items: center; gap: 12px; padding: 12px 16px; background: #fff; border-bottom: 1px solid ${(p) => p.theme.colors.border};
  ${media.md} { display: none; }
`;
const Main = styled.main`padding: 24px 16px; ${media.md} { padding: 32px; }`;
const pageLoading = (
  <CenteredMessage role="status">
    <Spinner /> Loading...
  </CenteredMessage>
);

function NavItems({ onNavigate, onLogout }: { onNavigate: () => void; onLogout: () => void }) {
  return (
    <>
      <h2>Admin Panel</h2>
      <NavLink to="/admin/dashboard" onClick={onNavigate}>
        Dashboard
      </NavLink>
      <NavLink to="/admin/users" onClick={onNavigate}>
        User Management
      </NavLink>
      <NavLink to="/admin/kyc" onClick={onNavigate}>
        KYC Review
      </NavLink>
      <NavLink to="/admin/tickets" onClick={onNavigate}>
        Support Tickets
      </NavLink>
      <NavLink to="/admin/contacts" onClick={onNavigate}>
        Contact Messages
      </NavLink>
      <NavLink to="/admin/audit" onClick={onNavigate}>
        Audit Log
      </NavLink>
      <NavLink to="/admin/disputes" onClick={onNavigate}>
        Disputes
      </NavLink>
      <NavLink to="/admin/campaigns" onClick={onNavigate}>
        Campaign Review
      </NavLink>
      <NavLink to="/admin/releases" onClick={onNavigate}>
        Releases
      </NavLink>
      <NavLink to="/admin/system" onClick={onNavigate}>
        System
      </NavLink>
      <div className="spacer" />
      <Link to="/" onClick={onNavigate}>
        Back to Site
      </Link>
      <button type="button" onClick={onLogout}>
        Logout
      </button>
    </>
  );
}

export function AdminLayout({ children }: { children?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const logOut = useLogOut();
  function logout() {
    setOpen(false);
    void logOut();
  }
  const close = () => setOpen(false);
  return (
    <Root data-testid="admin-layout">
      <Sidebar aria-label="Admin navigation">
        <NavItems onNavigate={close} onLogout={logout} />
      </Sidebar>
      {open && <Scrim onClick={close} />}
      <Drawer $open={open} aria-label="Admin navigation (mobile)" aria-hidden={!open} inert={!open}>
        <NavItems onNavigate={close} onLogout={logout} />
      </Drawer>
      <Content>
        <TopBar>
          <Button
            type="button"
            $variant="ghost"
            $size="icon"
            aria-label="Open admin menu"
            onClick={() => setOpen(true)}
          >
            <svg
              width="22"
              height="22"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden
            >
              <path d="M3 6h18M3 12h18M3 18h18" />
            </svg>
          </Button>
          <strong>Admin Panel</strong>
        </TopBar>
        <Main>
          {/* a page's chunk loads on its first visit (App.tsx): the menu stays while it does */}
          <Suspense fallback={pageLoading}>{children ?? <Outlet />}</Suspense>
        </Main>
      </Content>
    </Root>
  );
}
