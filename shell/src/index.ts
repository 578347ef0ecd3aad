import { knownSignedOut, readBootData, routeOwner, startEarlyRequests } from '@portal/shared-ui/early';
import { preloadRemote } from './remotes/loader';

// The server inlines src/early.ts into index.html, so the session refresh and the route's first data
// are already on their way; where the page was not answered by the server (rspack's dev server),
// the entry starts them here, before anything else.
performance.mark('shell:start');
if (!globalThis.__PORTAL_EARLY__) startEarlyRequests(document, location.pathname);
// The page's own registry names the URL's remote and a session may exist: its container starts
// loading now, while the shell's shared libraries are still being evaluated, not after React's
// first commit (at 4x CPU slowdown that was 700 ms later).
const pageRemote = routeOwner(readBootData(document)?.remotes ?? [], location.pathname);
if (pageRemote && !knownSignedOut()) preloadRemote(pageRemote);
// The first Intl.DateTimeFormat of a page loads the ICU date data: 70-80 ms at 4x CPU slowdown, inside
// the render that paints a remote's first dates (the LCP of /find-work and /dashboard). Done here, it
// runs while the remote's code is still on its way.
setTimeout(() => new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(0), 0);
// The async boundary lets Module Federation negotiate shared modules before any of them runs.
void import('./bootstrap');
