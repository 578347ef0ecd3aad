// A software passkey authenticator for tests: a real ES256 key pair (node:crypto), real attestation
// objects (CBOR, fmt "none") and real assertions (ECDSA over authenticatorData || SHA-256(clientDataJSON)).
// Nothing is mocked: the server verifies them with @simplewebauthn/server as it would a browser's.
import crypto from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64u = (b: Uint8Array | Buffer | string) => Buffer.from(b).toString('base64url');
const sha256 = (b: Buffer | string) => crypto.createHash('sha256').update(b).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface RelyingParty {
  origin: string;
  rpId: string;
}

/** What a test run keeps of an authenticator between test files (its key, credential and counter). */
export interface SavedAuthenticator {
  credentialId: string;
  privateKeyPem: string;
  userHandle: string;
  signCount: number;
}

export class SoftwareAuthenticator {
  readonly credentialId: Buffer = crypto.randomBytes(16);
  private keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  private userHandle = '';
  constructor(public signCount = 0) {}

  save(): SavedAuthenticator {
    return {
      credentialId: this.credentialId.toString('base64url'),
      privateKeyPem: this.keys.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(),
      userHandle: this.userHandle,
      signCount: this.signCount,
    };
  }

  static restore(s: SavedAuthenticator): SoftwareAuthenticator {
    const a = new SoftwareAuthenticator(s.signCount);
    const privateKey = crypto.createPrivateKey(s.privateKeyPem);
    Object.assign(a, {
      credentialId: Buffer.from(s.credentialId, 'base64url'),
      keys: { privateKey, publicKey: crypto.createPublicKey(privateKey) },
      userHandle: s.userHandle,
    });
    return a;
  }

  /** A copy holding the same private key and counter (a cloned authenticator). */
  clone(): SoftwareAuthenticator {
    const copy = Object.create(SoftwareAuthenticator.prototype) as SoftwareAuthenticator;
    Object.assign(copy, this);
    return copy;
  }

  /** The public key as stored by the server (COSE). */
  publicKeyCose(): Uint8Array {
    return this.coseKey();
  }

  private coseKey(): Uint8Array {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    return isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
  }

  private authData(rpId: string, flags: number, attested?: Uint8Array): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.signCount);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [Buffer.from(attested)] : [])]);
  }

  /** navigator.credentials.create() answer for `options` (challenge, user.id). */
  register(
    options: { challenge: string; user: { id: string } },
    rp: RelyingParty,
    opts: { userVerified?: boolean } = {},
  ) {
    this.userHandle = options.user.id;
    const idLen = Buffer.alloc(2);
    idLen.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLen, this.credentialId, this.coseKey()]);
    const authData = this.authData(rp.rpId, FLAG_UP | (opts.userVerified === false ? 0 : FLAG_UV) | FLAG_AT, attested);
    const clientData = JSON.stringify({
      type: 'webauthn.create',
      challenge: options.challenge,
      origin: rp.origin,
      crossOrigin: false,
    });
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: b64u(this.credentialId),
      rawId: b64u(this.credentialId),
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64u(clientData),
        attestationObject: b64u(attestationObject),
        transports: ['internal' as const],
      },
    };
  }

  /** navigator.credentials.get() answer for `options` (challenge); the counter moves forward by one. */
  assert(options: { challenge: string }, rp: RelyingParty, opts: { userVerified?: boolean } = {}) {
    this.signCount += 1;
    const authData = this.authData(rp.rpId, FLAG_UP | (opts.userVerified === false ? 0 : FLAG_UV));
    const clientData = JSON.stringify({
      type: 'webauthn.get',
      challenge: options.challenge,
      origin: rp.origin,
      crossOrigin: false,
    });
    const signature = crypto.sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.keys.privateKey);
    return {
      id: b64u(this.credentialId),
      rawId: b64u(this.credentialId),
      type: 'public-key' as const,
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64u(clientData),
        authenticatorData: b64u(authData),
        signature: b64u(signature),
        userHandle: this.userHandle,
      },
    };
  }
}

type TestApp = { request(path: string, init?: RequestInit): Response | Promise<Response> };
const TEST_RP = { origin: 'http://localhost', rpId: 'localhost' };
const postJson = (app: TestApp, path: string, body: unknown, headers: Record<string, string> = {}) =>
  app.request(path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

/**
 * A session that signed in with a passkey (as admins must): adds a passkey to the signed-in account
 * (`headers`), then signs in with it through the API. Returns the new session's headers.
 */
export async function passkeySession(
  app: TestApp,
  headers: Record<string, string>,
  authenticator = new SoftwareAuthenticator(),
) {
  const creation = (await (await postJson(app, '/api/auth/passkeys/registration-options', {}, headers)).json()) as {
    challenge: string;
    user: { id: string };
  };
  const added = await postJson(
    app,
    '/api/auth/passkeys',
    { name: 'Test passkey', response: authenticator.register(creation, TEST_RP) },
    headers,
  );
  if (added.status !== 201) throw new Error(`passkey not added: ${added.status} ${await added.text()}`);
  const request = (await (await postJson(app, '/api/auth/passkeys/sign-in-options', {})).json()) as {
    challenge: string;
  };
  const res = await postJson(app, '/api/auth/passkeys/sign-in', { response: authenticator.assert(request, TEST_RP) });
  if (res.status !== 200) throw new Error(`passkey sign-in refused: ${res.status} ${await res.text()}`);
  return { authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
}
