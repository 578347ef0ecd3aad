// Identifiers shaped like Plaid's: opaque base62 ids for items, accounts and requests; UUIDs in
// tokens and transfer ids.
import { randomBytes } from 'node:crypto';

const base62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomBase62(length: number): string {
  // 248 = 4 * 62: bytes at or above it are skipped so every character is equally likely.
  let id = '';
  while (id.length < length) {
    for (const byte of randomBytes(length)) if (byte < 248 && id.length < length) id += base62[byte % 62];
  }
  return id;
}

export const newRequestId = () => randomBase62(15);
export const newItemId = () => randomBase62(37);
export const newAccountId = () => randomBase62(37);
