import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isProduction, isTest, portalHome } from '../config.js';

let secret: Uint8Array | undefined;

/**
 * HS256 key for access tokens. JWT_SECRET in production (required, >= 32 chars). In development a
 * random key is kept in $PORTAL_HOME/jwt-secret so restarts keep sessions; tests use a fresh one.
 */
export function jwtSecret(): Uint8Array {
  if (secret) return secret;
  let value = process.env.JWT_SECRET;
  if (!value) {
    if (isProduction) throw new Error('JWT_SECRET must be set in production');
    if (isTest) value = crypto.randomBytes(32).toString('hex');
    else {
      const file = path.join(portalHome(), 'jwt-secret');
      if (!fs.existsSync(file)) {
        fs.mkdirSync(portalHome(), { recursive: true });
        fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
      }
      value = fs.readFileSync(file, 'utf8').trim();
    }
  }
  if (value.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
  secret = new TextEncoder().encode(value);
  return secret;
}
