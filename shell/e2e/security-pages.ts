/**
 * The portal's pages, for the suites that visit every page (axe, stored XSS, remote down). Built
 * from the shell's own routes plus every route of every remote in the live registry
 * (/api/platform/remotes as an admin sees it), so a page added by a remote is covered without
 * editing this file. Route patterns with parameters are skipped unless listed in SUB_PAGES.
 */
import type { APIRequestContext } from '@playwright/test';
import { ADMIN } from './helpers';

export interface PortalPage { path: string; remote: string | null; audience: 'public' | 'user' | 'admin' }
export interface RemoteInfo { name: string; version: string; routes: string[]; audience: 'user' | 'admin' }

/** The shell's own pages (shell/src/app/routes.tsx). */
export const SHELL_PAGES: PortalPage[] = ['/', '/auth', '/white-paper', '/about-us', '/contact-us', '/terms-and-conditions', '/privacy-policy', '/faqs']
  .map((path) => ({ path, remote: null, audience: 'public' as const }));

/** Pages below a remote's route prefixes that are worth their own visit (add yours here). */
export const SUB_PAGES: Record<string, string[]> = {
  'mfe-admin': ['/admin/dashboard', '/admin/users', '/admin/tickets'],
};

export async function remotesFor(request: APIRequestContext, baseURL: string): Promise<RemoteInfo[]> {
  const token = await request.post(`${baseURL}/api/auth/token?grant_type=password`, { data: ADMIN });
  const { access_token } = (await token.json()) as { access_token: string };
  const res = await request.get(`${baseURL}/api/platform/remotes`, { headers: { authorization: `Bearer ${access_token}` } });
  return ((await res.json()) as { remotes: RemoteInfo[] }).remotes;
}

export async function portalPages(request: APIRequestContext, baseURL: string): Promise<PortalPage[]> {
  const pages = [...SHELL_PAGES];
  for (const r of await remotesFor(request, baseURL)) {
    const paths = new Set([...r.routes.filter((p) => !p.includes(':') && !p.includes('{')), ...(SUB_PAGES[r.name] ?? [])]);
    for (const path of paths) pages.push({ path, remote: r.name, audience: r.audience });
  }
  return pages;
}
