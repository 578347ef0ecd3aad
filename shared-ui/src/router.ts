/**
 * The router API of the portal. Import routing from '@portal/shared-ui', never from react-router:
 * the router is bundled (tree-shaken) inside this singleton so shell and remotes share one copy
 * and one router context (see build/federation.mjs). Add an export here when a remote needs more.
 */
export {
  BrowserRouter,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router';
export type { Location, NavigateFunction, Params, LinkProps, NavLinkProps } from 'react-router';
