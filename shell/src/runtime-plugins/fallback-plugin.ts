import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Fallback policy for remotes that fail to load (after the retry plugin gave up). The shell's
 * fallback UI is not a substitute module returned from here: `loadRemote` rejects, and the per-area
 * error boundary (src/remotes/RemoteArea.tsx) renders the fallback with a Retry button, so the
 * failure stays inside that area and a Retry can really re-attempt. This plugin records every
 * failure on `window.__PORTAL_REMOTE_ERRORS__` for tests and support, and logs one line.
 * Must not import react (runs before shared modules are initialised).
 */
declare global {
  interface Window {
    __PORTAL_REMOTE_ERRORS__?: { id: string; lifecycle: string; message: string; at: number }[];
  }
}

export default function fallbackPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-fallback-plugin',
    errorLoadRemote({ id, error, lifecycle }) {
      const message = error instanceof Error ? error.message : String(error);
      (window.__PORTAL_REMOTE_ERRORS__ ??= []).push({ id, lifecycle, message, at: Date.now() });
      console.warn(`[portal] remote ${id} failed at ${lifecycle}: ${message}`);
      return undefined;
    },
  };
}
