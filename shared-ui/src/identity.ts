/**
 * Records which React and styled-components instance an app (shell or remote) runs with, so the
 * end-to-end test can prove each is loaded once (compare functions, not module namespaces).
 * Call from the app's own code with its own imports: recordLibraryIdentity('mfe-wallet', useState, styled).
 */
declare global {
  interface Window {
    __PORTAL_LIB_IDENTITY__?: Record<string, { useState: unknown; styled: unknown }>;
  }
}
export function recordLibraryIdentity(app: string, useState: unknown, styled: unknown) {
  if (typeof window === 'undefined') return;
  (window.__PORTAL_LIB_IDENTITY__ ??= {})[app] = { useState, styled };
}
