// The /auth page is its own chunk: the landing page does not carry it. When the first URL is /auth,
// bootstrap starts this import at once, in parallel with the first session read that the page
// waits for anyway (RedirectIfSignedIn), so it adds no round trip there.
let pending: Promise<typeof import('./AuthPage')> | null = null;
export const loadAuthPage = () => (pending ??= import(/* webpackChunkName: "auth" */ './AuthPage'));
