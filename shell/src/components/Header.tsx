import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Avatar, Button, media, useLogOut, useSession, Link, NavLink } from '@portal/shared-ui';
import { NotificationBell } from '../features/notifications/NotificationBell';
import { useHeaderProfile } from './useHeaderProfile';
import { useUnreadMessages } from './useUnreadMessages';

const Bar = styled.header`
  position: sticky; top: 0; z-index: 40; background: rgba(255,255,255,.92); backdrop-filter: blur(8px);
  border-bottom: 1px solid ${(p) => p.theme.colors.border};
`;
const Inner = styled.div`
  max-width: 1200px; margin: 0 auto; height: 64px; padding: 0 16px; display: flex; align-items: center; gap: 24px;
`;
const Logo = styled(Link)`
  display: flex; align-items: center; gap: 8px; font-weight: 700; font-size: 18px; text-decoration: none;
  span.mark { display: inline-flex; width: 30px; height: 30px; border-radius: 8px; align-items: center; justify-content: center;
    background: ${(p) => p.theme.colors.primary}; color: #fff; font-size: 16px; }
`;
const Nav = styled.nav`
  display: none; gap: 20px; flex: 1;
  ${media.md} { display: flex; }
  a { text-decoration: none; color: ${(p) => p.theme.colors.mutedForeground}; font-size: 14px; font-weight: 500; }
  a:hover, a.active { color: ${(p) => p.theme.colors.foreground}; }
`;
const Right = styled.div`display: flex; align-items: center; gap: 12px; margin-left: auto;`;
const Desktop = styled.div`display: none; ${media.md} { display: flex; align-items: center; gap: 12px; }`;
const Burger = styled(Button)`${media.md} { display: none; }`;
const MenuWrap = styled.div`position: relative;`;
const MessagesLink = styled(Link)`
  position: relative; display: inline-flex; align-items: center; justify-content: center; width: 36px; height: 36px; border-radius: 50%;
  color: ${(p) => p.theme.colors.mutedForeground}; &:hover { background: ${(p) => p.theme.colors.muted}; }
  .count { position: absolute; top: -2px; right: -4px; min-width: 18px; height: 18px; padding: 0 5px; border-radius: 999px;
    background: ${(p) => p.theme.colors.destructive}; color: #fff; font-size: 11px; font-weight: 700; line-height: 18px; text-align: center; }
`;
const AvatarButton = styled.button`border: 0; background: none; padding: 0; cursor: pointer; border-radius: 50%;`;
const Menu = styled.div`
  position: absolute; right: 0; top: calc(100% + 8px); min-width: 220px; padding: 6px;
  background: ${(p) => p.theme.colors.background}; border: 1px solid ${(p) => p.theme.colors.border};
  border-radius: ${(p) => p.theme.radius.md}; box-shadow: ${(p) => p.theme.shadow.md};
  .who { padding: 8px 10px; border-bottom: 1px solid ${(p) => p.theme.colors.border}; margin-bottom: 4px; font-size: 13px; }
  .who strong { display: block; font-size: 14px; }
  .who span { color: ${(p) => p.theme.colors.mutedForeground}; }
  a, button { display: block; width: 100%; text-align: left; padding: 8px 10px; border: 0; background: none; cursor: pointer;
    font-size: 14px; text-decoration: none; border-radius: ${(p) => p.theme.radius.sm}; color: inherit; }
  a:hover, button:hover { background: ${(p) => p.theme.colors.muted}; }
`;
const MobilePanel = styled.div`
  border-top: 1px solid ${(p) => p.theme.colors.border}; padding: 12px 16px 16px; display: flex; flex-direction: column; gap: 4px;
  ${media.md} { display: none; }
  a, button.item { padding: 10px 4px; text-decoration: none; font-size: 15px; border: 0; background: none; text-align: left; cursor: pointer; }
`;

export function Header() {
  const session = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const [mobileOpen, setMobileOpen] = useState(false);
  const menuRef = useRef<HTMLDivElement>(null);
  const logout = useLogOut();
  const signedIn = session.status === 'signedIn';
  // The token's admin claim: a hint for showing the link; /admin and every admin route re-check on the server.
  const admin = signedIn && session.isAdmin;
  const profile = useHeaderProfile();
  const unread = useUnreadMessages();
  const messagesLabel = unread ? `Messages, ${unread} unread` : 'Messages';
  const displayName = profile?.full_name || session.user?.email || '';

  useEffect(() => {
    if (!menuOpen) return;
    const close = (e: MouseEvent) => {
      if (!menuRef.current?.contains(e.target as Node)) setMenuOpen(false);
    };
    document.addEventListener('mousedown', close);
    return () => document.removeEventListener('mousedown', close);
  }, [menuOpen]);

  const closeAll = () => {
    setMenuOpen(false);
    setMobileOpen(false);
  };

  return (
    <Bar data-testid="site-header">
      <Inner>
        <Logo to="/" title="Portal home">
          <span className="mark" aria-hidden="true">
            P
          </span>
          Portal
        </Logo>
        <Nav aria-label="Main">
          <NavLink to="/find-work">Find Work</NavLink>
          <NavLink to="/browse-campaigns">Invest</NavLink>
          <NavLink to="/feed">Feed</NavLink>
        </Nav>
        <Right>
          <Desktop>
            {signedIn && (
              <Button as={Link} to="/pay" $size="sm">
                Pay &amp; Request
              </Button>
            )}
            {session.status === 'signedOut' && (
              <Button as={Link} to="/auth" $size="sm">
                Login
              </Button>
            )}
          </Desktop>
          {signedIn && (
            <MessagesLink to="/messages" aria-label={messagesLabel} title={messagesLabel} data-testid="messages-link">
              <svg
                width="20"
                height="20"
                viewBox="0 0 24 24"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                aria-hidden
              >
                <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
              </svg>
              {unread > 0 && (
                <span className="count" data-testid="unread-total">
                  {unread > 99 ? '99+' : unread}
                </span>
              )}
            </MessagesLink>
          )}
          {signedIn && <NotificationBell />}
          {signedIn && (
            <MenuWrap ref={menuRef}>
              <AvatarButton
                type="button"
                aria-label="Account menu"
                aria-haspopup="menu"
                aria-expanded={menuOpen}
                onClick={() => setMenuOpen((o) => !o)}
              >
                <Avatar name={displayName} src={profile?.avatar_url} size={34} />
              </AvatarButton>
              {menuOpen && (
                <Menu role="menu">
                  <div className="who">
                    <strong>{displayName}</strong>
                    {profile?.username && <span>@{profile.username}</span>}
                  </div>
                  <Link role="menuitem" to="/dashboard" onClick={closeAll}>
                    Dashboard
                  </Link>
                  <Link role="menuitem" to="/profile" onClick={closeAll}>
                    Profile
                  </Link>
                  <Link role="menuitem" to="/invoices" onClick={closeAll}>
                    Invoices
                  </Link>
                  <Link role="menuitem" to="/linked-accounts" onClick={closeAll}>
                    Linked accounts
                  </Link>
                  {admin && (
                    <Link role="menuitem" to="/admin" onClick={closeAll}>
                      Admin
                    </Link>
                  )}
                  {/* Settings has no route of its own in the spec; it opens the profile's settings. */}
                  <Link role="menuitem" to="/profile#settings" onClick={closeAll}>
                    Settings
                  </Link>
                  <button
                    role="menuitem"
                    type="button"
                    onClick={() => {
                      closeAll();
                      void logout();
                    }}
                  >
                    Log out
                  </button>
                </Menu>
              )}
            </MenuWrap>
          )}
          <Burger
            type="button"
            $variant="ghost"
            $size="icon"
            aria-label="Open menu"
            aria-expanded={mobileOpen}
            onClick={() => setMobileOpen((o) => !o)}
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
              {mobileOpen ? <path d="M6 6l12 12M18 6L6 18" /> : <path d="M3 6h18M3 12h18M3 18h18" />}
            </svg>
          </Burger>
        </Right>
      </Inner>
      {mobileOpen && (
        <MobilePanel data-testid="mobile-menu">
          <Link to="/find-work" onClick={closeAll}>
            Find Work
          </Link>
          <Link to="/browse-campaigns" onClick={closeAll}>
            Invest
          </Link>
          <Link to="/feed" onClick={closeAll}>
            Feed
          </Link>
          {signedIn && (
            <Link to="/pay" onClick={closeAll}>
              Pay &amp; Request
            </Link>
          )}
          {signedIn && (
            <Link to="/messages" onClick={closeAll}>
              {messagesLabel}
            </Link>
          )}
          {signedIn && (
            <Link to="/dashboard" onClick={closeAll}>
              Dashboard
            </Link>
          )}
          {signedIn && (
            <Link to="/profile" onClick={closeAll}>
              Profile
            </Link>
          )}
          {signedIn && (
            <Link to="/invoices" onClick={closeAll}>
              Invoices
            </Link>
          )}
          {signedIn && (
            <Link to="/linked-accounts" onClick={closeAll}>
              Linked accounts
            </Link>
          )}
          {admin && (
            <Link to="/admin" onClick={closeAll}>
              Admin
            </Link>
          )}
          {signedIn && (
            <Link to="/profile#settings" onClick={closeAll}>
              Settings
            </Link>
          )}
          {signedIn && (
            <button
              className="item"
              type="button"
              onClick={() => {
                closeAll();
                void logout();
              }}
            >
              Log out
            </button>
          )}
          {session.status === 'signedOut' && (
            <Link to="/auth" onClick={closeAll}>
              Login
            </Link>
          )}
        </MobilePanel>
      )}
    </Bar>
  );
}
