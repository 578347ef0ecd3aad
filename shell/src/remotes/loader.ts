import type { ComponentType } from 'react';
import { warmScripts } from '@portal/shared-ui/early';
import { reportLoadFailure } from './load-failure-beacon';
import type { RemoteInfo } from './registrySlice';

/**
 * Registers remotes from the run-time registry and loads their `./App` on first use.
 *
 * Waterfall: the registry already carries `entryUrl`, so the remote is registered with its
 * remoteEntry.js directly (no mf-manifest.json round trip), and `preload` (entry + ./App's chunks)
 * is fetched at once: registry -> (remoteEntry | expose chunk).
 * Loading starts as soon as the registry arrives when the current URL belongs to a remote
 * (RegistryLoader), in parallel with React rendering.
 * Container names: registry "mfe-wallet" -> federation name "mfe_wallet".
 * The federation runtime (./federation, with Redux Toolkit / RTK Query and the rest of shared-ui that
 * the shell provides to every remote) is a chunk of its own, fetched with the first remote and
 * preloaded by the server on a remote's route (shell/build/preload-first-load.mjs).
 */
export const federationName = (name: string) => name.replace(/[^a-zA-Z0-9_]/g, '_');

export class RemoteLoadError extends Error {
  constructor(
    readonly remote: string,
    cause: unknown,
  ) {
    super(`The ${remote} area could not be loaded: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.name = 'RemoteLoadError';
  }
}

/** Another release of the remote was asked for before this one reached the runtime: never registered. */
class SupersededLoad extends Error {}

/**
 * A remote's ./App module: the area's component and, optionally, `ready`, which settles once what the
 * App's first render needs has arrived (shared-ui `openedPage`: the lazy page the visit opened on).
 */
type AppModule = { default: ComponentType; ready?: Promise<unknown> };
const registeredEntry = new Map<string, string>();
const pending = new Map<string, Promise<AppModule>>();
const loaded = new Map<string, AppModule>();

const entryOf = (info: RemoteInfo) => new URL(info.entryUrl, location.href).href;

/** The remote's ./App if it has already loaded for the registered entry (else undefined). */
export function loadedRemoteApp(info: RemoteInfo): AppModule | undefined {
  const name = federationName(info.name);
  return registeredEntry.get(name) === entryOf(info) ? loaded.get(name) : undefined;
}

let runtime: Promise<typeof import('./federation')> | undefined;
const federationRuntime = () => (runtime ??= import(/* webpackChunkName: "federation" */ './federation'));

/**
 * Registers the remote's entry when it is not the registered one, then resolves its ./App. Every
 * registration chains on the one runtime import, so they reach the runtime in call order.
 */
function registerAndLoad(info: RemoteInfo): Promise<unknown> {
  const name = federationName(info.name);
  const entry = entryOf(info);
  const register = registeredEntry.get(name) !== entry;
  const replaces = registeredEntry.has(name);
  // the replaced release's load may still be in flight: its ./App chunk, run after the chunk array is
  // reset, would land in the new release's array and be taken as the new release's code
  const inFlight = register && replaces ? pending.get(name)?.catch(() => undefined) : undefined;
  if (register) {
    registeredEntry.set(name, entry);
    loaded.delete(name);
  }
  return federationRuntime().then(async ({ federation }) => {
    await inFlight;
    // e.g. the page's boot registry named the current release, the user's registry then their canary
    if (registeredEntry.get(name) !== entry) throw new SupersededLoad(`${info.name} ${info.version}`);
    if (register) {
      // force: a new version replaces the old registration (and its module cache)
      if (replaces) forgetLoadedChunks(name);
      federation.registerRemotes([{ name, entry, alias: info.name }], { force: replaces });
    }
    return federation.loadRemote(`${name}/App`);
  });
}

/**
 * A remote's chunks register themselves in a page-wide array named after the remote
 * (`rspackChunk<federation name>`, the bundler's default chunk-loading global), and a new
 * remoteEntry takes every chunk already in it as loaded. Another release of the remote (a rollback,
 * a canary's other side) has chunks with the same ids and other code: its runtime must start from
 * an empty array, or it would run the previous release's modules. The previous runtime keeps its own.
 */
function forgetLoadedChunks(name: string) {
  Reflect.deleteProperty(globalThis, `rspackChunk${name}`);
}

/** Loads (once; again after a failure) the remote's ./App module. */
export function loadRemoteApp(info: RemoteInfo): Promise<AppModule> {
  const name = federationName(info.name);
  const current = registeredEntry.get(name) === entryOf(info);
  let p = current ? pending.get(name) : undefined;
  if (!p) {
    performance.mark(`remote:${info.name}:load-start`);
    // the ./App chunks download with the entry, not after it has run (index.html may have done it already)
    warmScripts(info.preload.slice(1));
    const load = registerAndLoad(info).then(async (mod) => {
      const app = mod as AppModule | undefined;
      if (!app || typeof app.default !== 'function') throw new Error('remote module has no default export');
      // a page that failed to arrive is the App's to show (its own lazy load asks again)
      await app.ready?.catch(() => undefined);
      performance.mark(`remote:${info.name}:loaded`);
      if (registeredEntry.get(name) === entryOf(info)) loaded.set(name, app);
      return app;
    });
    load.catch((e: unknown) => {
      if (pending.get(name) === load) pending.delete(name);
      if (e instanceof SupersededLoad) return;
      // after the retry plugin gave up: the Releases page counts it against this release
      const lifecycle =
        window.__PORTAL_REMOTE_ERRORS__?.filter((r) => r.id.startsWith(`${name}/`)).at(-1)?.lifecycle ?? 'loadRemote';
      reportLoadFailure({
        remote: info.name,
        version: info.version,
        lifecycle,
        message: e instanceof Error ? e.message : String(e),
      });
    });
    pending.set(name, load);
    p = load;
  }
  return p.catch((e: unknown) => {
    throw e instanceof RemoteLoadError ? e : new RemoteLoadError(info.name, e);
  });
}

/** Fire-and-forget preload (e.g. the current route's remote as soon as the registry is known). */
export function preloadRemote(info: RemoteInfo) {
  loadRemoteApp(info).catch(() => undefined);
}
