import { registerRelease, type ReleaseInput } from './service.js';

/** A release as the publishing tool registers it (tests): files under /remotes/<remote>/<version>/. */
export function releaseInput(
  remote: string,
  version: string,
  audience: 'user' | 'admin' = 'user',
  routes = [audience === 'admin' ? '/admin' : '/dashboard'],
): ReleaseInput {
  const base = `/remotes/${remote}/${version}`;
  return {
    remote,
    version,
    contentHash: `hash-${version}`,
    manifestUrl: `${base}/mf-manifest.json`,
    entryUrl: `${base}/remoteEntry.js`,
    routes,
    audience,
    preload: [`${base}/remoteEntry.js`],
    prefetch: {},
    shared: { react: '19.3.1' },
    buildBytes: 1000,
    publishedBy: 'tests@portal',
  };
}

/** Registers a release (current unless staged) and returns its id. */
export const publishTestRelease = async (
  remote: string,
  version: string,
  opts: { stage?: boolean; audience?: 'user' | 'admin'; routes?: string[] } = {},
) =>
  (await registerRelease(releaseInput(remote, version, opts.audience, opts.routes), { stage: opts.stage ?? false })).id;
