import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/**
 * Retries a remoteEntry script that failed to load (network blip, deploy in progress) a few times
 * with backoff before giving up, like module-federation/core's retry plugin. Manifest/registry
 * fetches go through `fetch` with the same retry. Must not import react: runtime plugins run before
 * shared modules are initialised.
 */
type LoadEntryError = NonNullable<ModuleFederationRuntimePlugin['loadEntryError']>;
type LoadEntryErrorArgs = Parameters<LoadEntryError>[0];
const DELAYS_MS = [200, 600];
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export default function retryPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'portal-retry-plugin',
    async fetch(url, init) {
      let lastError: unknown;
      for (let attempt = 0; attempt <= DELAYS_MS.length; attempt++) {
        try {
          const res = await globalThis.fetch(url, init);
          if (res.ok || res.status < 500) return res;
          lastError = new Error(`HTTP ${res.status} for ${url}`);
        } catch (e) {
          lastError = e;
        }
        const delay = DELAYS_MS[attempt];
        if (delay === undefined) break;
        await sleep(delay);
      }
      throw lastError;
    },
    // The hook's declared return type is a promise of a promise; the runtime awaits either.
    loadEntryError: (async ({
      getRemoteEntry,
      origin,
      remoteInfo,
      remoteEntryExports,
      globalLoading,
      uniqueKey,
    }: LoadEntryErrorArgs) => {
      for (const delay of DELAYS_MS) {
        await sleep(delay);
        delete globalLoading[uniqueKey];
        // remove the failed <script> so the browser fetches it again
        document.querySelectorAll(`script[src="${CSS.escape(remoteInfo.entry)}"]`).forEach((s) => s.remove());
        try {
          const exports = await getRemoteEntry({ origin, remoteInfo, remoteEntryExports });
          if (exports) return exports;
        } catch {
          /* next attempt */
        }
      }
      return undefined;
    }) as unknown as LoadEntryError,
  };
}
