import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { RemoteInfo } from './registrySlice';

// The federation runtime chunk and the failure beacon are the edges here: record what reaches them.
const registered: { name: string; entry: string; force: boolean }[] = [];
let releaseRuntime: () => void = () => undefined;
const runtimeLoaded = new Promise<void>((resolve) => (releaseRuntime = resolve));
const appOf = (entry: string) => ({ default: Object.assign(() => null, { entry }) });
/** What a loadRemote waits on before it answers (a release whose chunks are still downloading). */
let download: Promise<void> = Promise.resolve();
/** The `ready` of the next ./App module loaded (shared-ui openedPage: the page the visit opened on). */
let readyOfNextApp: (() => Promise<unknown>) | undefined;
vi.mock('./federation', async () => {
  await runtimeLoaded;
  let current = '';
  return {
    federation: {
      registerRemotes: (remotes: { name: string; entry: string }[], options: { force: boolean }) => {
        for (const r of remotes) registered.push({ name: r.name, entry: r.entry, force: options.force });
        current = remotes[0]!.entry;
      },
      loadRemote: async () => {
        const [entry, downloaded] = [current, download];
        await downloaded;
        return Object.assign(appOf(entry), readyOfNextApp ? { ready: readyOfNextApp() } : {});
      },
    },
  };
});
const reported: { remote: string; version: string }[] = [];
vi.mock('./load-failure-beacon', () => ({
  reportLoadFailure: (r: { remote: string; version: string }) => reported.push(r),
}));
vi.mock('@portal/shared-ui/early', () => ({ warmScripts: () => undefined }));

const release = (version: string): RemoteInfo => ({
  name: 'mfe-wallet',
  version,
  manifestUrl: `/remotes/mfe-wallet/${version}/mf-manifest.json`,
  entryUrl: `/remotes/mfe-wallet/${version}/remoteEntry.js`,
  routes: ['/dashboard'],
  audience: 'user',
  preload: [],
  prefetch: {},
  split: true,
});

describe('remote loader', () => {
  beforeEach(() => {
    vi.stubGlobal('location', { href: 'http://portal.test/dashboard' });
  });

  it("registers only the release asked for last when the page's boot registry and the user's registry differ before the runtime has loaded", async () => {
    const { loadRemoteApp, loadedRemoteApp } = await import('./loader');
    const boot = loadRemoteApp(release('1.0.0-current'));
    const canary = loadRemoteApp(release('1.1.0-canary'));
    releaseRuntime();

    const app = (await canary) as unknown as { default: { entry: string } };
    expect(app.default.entry).toBe('http://portal.test/remotes/mfe-wallet/1.1.0-canary/remoteEntry.js');
    expect(registered).toEqual([
      { name: 'mfe_wallet', entry: 'http://portal.test/remotes/mfe-wallet/1.1.0-canary/remoteEntry.js', force: true },
    ]);
    await expect(boot).rejects.toThrow('could not be loaded');
    // the release never asked of the runtime is no load failure of it
    expect(reported).toEqual([]);
    expect(loadedRemoteApp(release('1.1.0-canary'))).toBe(app);
    expect(loadedRemoteApp(release('1.0.0-current'))).toBeUndefined();
  });

  it('a release replacing one whose load is still in flight is registered only once that load has settled (its chunks would land in the new release)', async () => {
    const { loadRemoteApp } = await import('./loader');
    registered.length = 0;
    let downloadDone!: () => void;
    download = new Promise<void>((resolve) => (downloadDone = resolve));
    const current = loadRemoteApp(release('2.0.0-current'));
    await vi.waitFor(() => expect(registered).toHaveLength(1));
    download = Promise.resolve();
    const canary = loadRemoteApp(release('2.1.0-canary'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(registered.map((r) => r.entry)).toEqual([
      'http://portal.test/remotes/mfe-wallet/2.0.0-current/remoteEntry.js',
    ]);

    downloadDone();
    await current;
    const app = (await canary) as unknown as { default: { entry: string } };
    expect(app.default.entry).toBe('http://portal.test/remotes/mfe-wallet/2.1.0-canary/remoteEntry.js');
    expect(registered.map((r) => r.entry)).toEqual([
      'http://portal.test/remotes/mfe-wallet/2.0.0-current/remoteEntry.js',
      'http://portal.test/remotes/mfe-wallet/2.1.0-canary/remoteEntry.js',
    ]);
  });
  it("hands a remote's App over only once its `ready` has settled (the lazy page the visit opened on has arrived), and a page that failed to arrive does not fail the area", async () => {
    const { loadRemoteApp, loadedRemoteApp } = await import('./loader');
    releaseRuntime();
    let pageArrived!: () => void;
    readyOfNextApp = () => new Promise<void>((resolve) => (pageArrived = resolve));
    const waiting = release('3.0.0-opened-on-a-lazy-page');
    let handedOver = false;
    const load = loadRemoteApp(waiting).then(() => (handedOver = true));
    await vi.waitFor(() => expect(pageArrived).toBeTypeOf('function'));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(handedOver).toBe(false);
    expect(loadedRemoteApp(waiting)).toBeUndefined();
    pageArrived();
    await load;
    expect(loadedRemoteApp(waiting)).toBeDefined();

    readyOfNextApp = () => Promise.reject(new Error('the page chunk failed'));
    const failedPage = release('3.1.0-page-chunk-failed');
    await expect(loadRemoteApp(failedPage)).resolves.toHaveProperty('default');
    expect(loadedRemoteApp(failedPage)).toBeDefined();
    readyOfNextApp = undefined;
  });
});
