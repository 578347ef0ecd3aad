import { bearer, createTestApp } from '../../../../test/helpers.js';
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

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in the tests
export type Json = Record<string, any>;

/** Calls /api/platform<path> as a user (or anonymously) on a test app of the module; the body parsed. */
export function platformCaller() {
  const app = createTestApp(['platform']);
  return async (
    userId: string | null,
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    const res = await app.request(`/api/platform${path}`, {
      method,
      headers: {
        ...(userId ? await bearer(userId) : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : null) as Json, headers: res.headers };
  };
}
