// Which remote owns a page: the shell's loader and early requests (session/early.ts) and the API's
// page shell (api/src/platform/http/shell-html.ts) answer it the same way because both use this file.

export const matchesPrefix = (pathname: string, prefix: string) =>
  pathname === prefix || pathname.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`);

/**
 * The remote that owns `pathname`: the one with the longest matching route prefix, so a remote may
 * own a deeper path under another's (mfe-social's '/profile/' for /profile/{user_id} under the
 * wallet's '/profile').
 */
export function routeOwner<T extends { routes: string[] }>(remotes: T[], pathname: string): T | undefined {
  let best: T | undefined;
  let length = -1;
  for (const r of remotes)
    for (const route of r.routes)
      if (route.length > length && matchesPrefix(pathname, route)) {
        best = r;
        length = route.length;
      }
  return best;
}
