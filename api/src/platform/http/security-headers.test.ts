import { afterEach, describe, expect, it, vi } from 'vitest';
import { contentSecurityPolicy, pagePolicy, remoteBuildsOrigin } from './security-headers.js';

const directive = (policy: string, name: string) => policy.split('; ').find((d) => d.startsWith(`${name} `));

// Remote builds may be loaded by browsers from a bucket or CDN (REMOTES_PUBLIC_URL); the
// portal's page must then allow their scripts and the fetch of their mf-manifest.json.
describe('CSP and remote builds in object storage', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('the page allows the origin of REMOTES_PUBLIC_URL in script-src and connect-src when a bucket is configured', () => {
    vi.stubEnv('REMOTES_S3_BUCKET', 'portal-remotes');
    vi.stubEnv('REMOTES_PUBLIC_URL', 'https://cdn.example.test/builds/');
    const policy = pagePolicy(['abc=']);
    expect(directive(policy, 'script-src')).toBe("script-src 'self' 'sha256-abc=' https://cdn.example.test");
    expect(directive(policy, 'connect-src')).toBe("connect-src 'self' https://cdn.example.test");
    // only the page loads remotes: other responses (JSON, files) keep 'self' only
    expect(directive(contentSecurityPolicy([]), 'script-src')).toBe("script-src 'self'");
    expect(directive(contentSecurityPolicy([]), 'connect-src')).toBe("connect-src 'self'");
  });

  it('without a public URL, or without a bucket, the page stays self only', () => {
    vi.stubEnv('REMOTES_S3_BUCKET', 'portal-remotes');
    vi.stubEnv('REMOTES_PUBLIC_URL', '');
    expect(directive(pagePolicy([]), 'script-src')).toBe("script-src 'self'");
    vi.stubEnv('REMOTES_S3_BUCKET', '');
    vi.stubEnv('REMOTES_PUBLIC_URL', 'https://cdn.example.test');
    expect(directive(pagePolicy([]), 'script-src')).toBe("script-src 'self'");
    expect(directive(pagePolicy([]), 'connect-src')).toBe("connect-src 'self'");
  });

  it('remoteBuildsOrigin keeps scheme, host and port only, and adds nothing for a value that is not an http(s) URL', () => {
    const bucket = { REMOTES_S3_BUCKET: 'b' };
    expect(remoteBuildsOrigin({ ...bucket, REMOTES_PUBLIC_URL: 'http://127.0.0.1:9000/portal-remotes' })).toBe(
      'http://127.0.0.1:9000',
    );
    expect(remoteBuildsOrigin({ ...bucket, REMOTES_PUBLIC_URL: 'https://d1.cloudfront.example/a/b?x=1' })).toBe(
      'https://d1.cloudfront.example',
    );
    for (const bad of [
      'cdn.example.test/builds',
      '/remotes',
      "https://x.test'; script-src *",
      'javascript:alert(1)',
      'data:text/javascript,1',
    ]) {
      const origin = remoteBuildsOrigin({ ...bucket, REMOTES_PUBLIC_URL: bad });
      expect(origin === null || /^https?:\/\/[a-z0-9.:%-]+$/i.test(origin), bad).toBe(true);
    }
    expect(remoteBuildsOrigin({ ...bucket, REMOTES_PUBLIC_URL: 'javascript:alert(1)' })).toBeNull();
    expect(remoteBuildsOrigin({ ...bucket, REMOTES_PUBLIC_URL: 'not a url' })).toBeNull();
  });
});
