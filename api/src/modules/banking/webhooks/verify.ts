import crypto from 'node:crypto';
import { decodeProtectedHeader, importJWK, jwtVerify, type JWK } from 'jose';

type VerificationKey = Awaited<ReturnType<typeof importJWK>>;
import { plaid } from '../../../platform/plaid/index.js';

/**
 * Plaid's webhook verification, as Plaid documents it: the Plaid-Verification header is an ES256 JWT
 * whose key comes from /webhook_verification_key/get (by its kid; cached, refused once expired),
 * at most 5 minutes old, and whose request_body_sha256 is the SHA-256 of the exact body.
 */
const keys = new Map<string, { key: VerificationKey; expiredAt: number | null }>();

async function keyOf(kid: string) {
  const cached = keys.get(kid);
  if (cached) return cached;
  const { key } = (await (await plaid()).webhookVerificationKeyGet({ key_id: kid })).data;
  const entry = {
    key: await importJWK(key as unknown as JWK, 'ES256'),
    expiredAt: key.expired_at ? key.expired_at * 1000 : null,
  };
  keys.set(kid, entry);
  return entry;
}

export async function verifyPlaidWebhook(body: string, jwt: string | undefined): Promise<boolean> {
  if (!jwt) return false;
  try {
    const header = decodeProtectedHeader(jwt);
    if (header.alg !== 'ES256' || !header.kid) return false;
    const { key, expiredAt } = await keyOf(header.kid);
    if (expiredAt !== null && expiredAt < Date.now()) return false;
    const { payload } = await jwtVerify(jwt, key, { algorithms: ['ES256'], maxTokenAge: '5 min' });
    const claimed = Buffer.from(String(payload.request_body_sha256 ?? ''), 'utf8');
    const actual = Buffer.from(crypto.createHash('sha256').update(body, 'utf8').digest('hex'), 'utf8');
    return claimed.length === actual.length && crypto.timingSafeEqual(claimed, actual);
  } catch {
    return false;
  }
}
