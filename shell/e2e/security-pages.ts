/**
 * The portal's pages, for the suites that visit every page (axe, stored XSS, remote down). Built
 * from the shell's own routes plus every route of every remote in the live registry
 * (/api/platform/remotes as an admin sees it), so a page added by a remote is covered without
 * editing this file. Route patterns with parameters (and prefixes ending in '/', e.g. '/profile/' for
 * /profile/{user_id}) are skipped unless listed in SUB_PAGES.
 */
import type { APIRequestContext } from '@playwright/test';
import { ADMIN, passwordSignIn } from './helpers';

export interface PortalPage {
  path: string;
  remote: string | null;
  audience: 'public' | 'user' | 'admin';
}
export interface RemoteInfo {
  name: string;
  version: string;
  routes: string[];
  audience: 'user' | 'admin';
}

/** The shell's own pages (shell/src/app/routes.tsx). */
export const SHELL_PAGES: PortalPage[] = [
  '/',
  '/auth',
  '/reset-password',
  '/white-paper',
  '/about-us',
  '/contact-us',
  '/terms-and-conditions',
  '/privacy-policy',
  '/faqs',
].map((path) => ({ path, remote: null, audience: 'public' as const }));

/** Pages below a remote's route prefixes that are worth their own visit (add yours here). */
export const SUB_PAGES: Record<string, string[]> = {
  'mfe-admin': [
    '/admin/dashboard',
    '/admin/users',
    '/admin/kyc',
    '/admin/tickets',
    '/admin/disputes',
    '/admin/campaigns',
    '/admin/contacts',
    '/admin/audit',
    '/admin/releases',
    '/admin/system',
  ],
  'mfe-social': ['/messages/new'],
};

/**
 * Signs in through `request` (a browser context's request: the refresh cookie lands in that
 * context) and returns the access token. Sign-ins are limited per address (30 per 15 minutes), so
 * the suites sign in once per context and reuse the token.
 */
export async function signInToken(
  request: APIRequestContext,
  baseURL: string,
  user: { email: string; password: string },
): Promise<string> {
  const res = await passwordSignIn(request, user, baseURL);
  if (!res.ok()) throw new Error(`sign-in ${user.email}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** Every remote of the registry as an admin sees it (adminToken: an admin's access token). */
export async function remotesFor(
  request: APIRequestContext,
  baseURL: string,
  adminToken?: string,
): Promise<RemoteInfo[]> {
  const token = adminToken ?? (await signInToken(request, baseURL, ADMIN));
  const res = await request.get(`${baseURL}/api/platform/remotes`, { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()) as { remotes: RemoteInfo[] }).remotes;
}

export async function portalPages(
  request: APIRequestContext,
  baseURL: string,
  adminToken?: string,
): Promise<PortalPage[]> {
  const pages = [...SHELL_PAGES];
  for (const r of await remotesFor(request, baseURL, adminToken)) {
    const paths = new Set([
      ...r.routes.filter((p) => !p.includes(':') && !p.includes('{') && !p.endsWith('/')),
      ...(SUB_PAGES[r.name] ?? []),
    ]);
    for (const path of paths) pages.push({ path, remote: r.name, audience: r.audience });
  }
  return pages;
}
