import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID Connect provider (npm oidc-provider) for tests: API tests and the Chromium e2e
 * run the whole OAuth flow and the One Tap id-token grant against it. Its signing key is made
 * here, so tests can also sign their own (valid, expired or forged) id tokens with it.
 * Dev interactions are on: the login form accepts any login, which becomes the subject; its e-mail
 * is <login>@oidc.test (verified) and its name "OIDC <login>".
 */
export interface TestOidc {
  issuer: string;
  clientId: string;
  clientSecret: string;
  signIdToken(
    claims: Record<string, unknown>,
    opts?: { expiresIn?: string | number; audience?: string; issuer?: string; key?: 'own' | 'forged' },
  ): Promise<string>;
  close(): Promise<void>;
}

export async function startTestOidc(opts: {
  redirectUris: string[];
  port?: number;
  clientId?: string;
  clientSecret?: string;
}): Promise<TestOidc> {
  const clientId = opts.clientId ?? 'test-google-client';
  const clientSecret = opts.clientSecret ?? 'test-google-secret';
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  const forged = await generateKeyPair('RS256', { extractable: true });

  const server = http.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = `http://localhost:${port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: opts.redirectUris,
        token_endpoint_auth_method: 'client_secret_post',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['test-oidc-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    features: { devInteractions: { enabled: true } },
    async findAccount(_ctx: unknown, id: string) {
      return {
        accountId: id,
        claims: async () => ({ sub: id, email: `${id}@oidc.test`, email_verified: true, name: `OIDC ${id}` }),
      };
    },
  } as ConstructorParameters<typeof Provider>[1]);
  server.on('request', provider.callback());

  return {
    issuer,
    clientId,
    clientSecret,
    async signIdToken(claims, o = {}) {
      const key = o.key === 'forged' ? forged.privateKey : privateKey;
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: 'test-key-1', typ: 'JWT' })
        .setIssuer(o.issuer ?? issuer)
        .setAudience(o.audience ?? clientId)
        .setIssuedAt()
        .setExpirationTime(o.expiresIn ?? '10m')
        .sign(key);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Drives the provider's login and consent pages over HTTP the way a browser would (cookies,
 * redirects, form posts) from the authorization URL until the provider redirects to `stopAt`.
 * Returns that final URL (the app's callback with code and state).
 */
export async function loginAtProvider(authorizationUrl: string, login: string, stopAt: string): Promise<string> {
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const remember = (res: Response) => {
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      jar.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
  };
  let url = authorizationUrl;
  let method = 'GET';
  let body: URLSearchParams | undefined;
  for (let step = 0; step < 20; step++) {
    if (url.startsWith(stopAt)) return url;
    const res = await fetch(url, {
      method,
      body,
      redirect: 'manual',
      headers: { cookie: cookieHeader(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
    });
    remember(res);
    method = 'GET';
    body = undefined;
    const location = res.headers.get('location');
    if (location) {
      url = new URL(location, url).toString();
      continue;
    }
    const html = await res.text();
    const form = html.match(/<form[^>]*action="([^"]+)"[^>]*>([\s\S]*?)<\/form>/);
    if (!form) throw new Error(`OIDC provider page without a form at ${url} (${res.status}): ${html.slice(0, 300)}`);
    const fields = new URLSearchParams();
    for (const input of form[2]!.matchAll(/<input[^>]*>/g)) {
      const name = input[0].match(/name="([^"]+)"/)?.[1];
      if (!name) continue;
      const value = input[0].match(/value="([^"]*)"/)?.[1] ?? '';
      fields.set(name, name === 'login' ? login : name === 'password' ? 'any-password' : value);
    }
    url = new URL(form[1]!, url).toString();
    method = 'POST';
    body = fields;
  }
  throw new Error('OIDC login did not finish in 20 steps');
}
