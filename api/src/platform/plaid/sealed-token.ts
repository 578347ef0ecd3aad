import crypto from 'node:crypto';
import { localSecret } from '../secrets.js';

/**
 * Plaid access tokens at rest (stored encrypted, never sent to the browser): AES-256-GCM
 * with a key derived from BANK_TOKEN_SECRET, 'v1:' + base64(iv | tag | ciphertext). A copy of the
 * database alone cannot move anyone's bank money.
 */
let key: Buffer | undefined;
const tokenKey = () => (key ??= crypto.createHash('sha256').update(localSecret('BANK_TOKEN_SECRET')).digest());

export function sealToken(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', tokenKey(), iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), data]).toString('base64')}`;
}

export function openToken(sealed: string): string {
  if (!sealed.startsWith('v1:')) throw new Error('unknown sealed token format');
  const raw = Buffer.from(sealed.slice(3), 'base64');
  const decipher = crypto.createDecipheriv('aes-256-gcm', tokenKey(), raw.subarray(0, 12));
  decipher.setAuthTag(raw.subarray(12, 28));
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
}
