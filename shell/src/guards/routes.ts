import { matchesPrefix } from '../remotes/registrySlice';

/** Signed-in only routes of docs/product.md "Roles" (a visitor is redirected to /auth). */
export const SIGNED_IN_PREFIXES = [
  '/dashboard',
  '/send-money',
  '/pay',
  '/transactions',
  '/profile',
  '/user',
  '/linked-accounts',
  '/support',
  '/post-project',
  '/find-work',
  '/project',
  '/my-projects',
  '/contract',
  '/create-campaign',
  '/browse-campaigns',
  '/campaign',
  '/my-investments',
  '/my-campaigns',
  '/feed',
  '/create-post',
  '/post',
  '/messages',
  '/invoices',
  '/invoice',
];
export const isSignedInRoute = (pathname: string) => SIGNED_IN_PREFIXES.some((p) => matchesPrefix(pathname, p));
