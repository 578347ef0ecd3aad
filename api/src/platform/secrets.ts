import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isProduction, isTest, portalHome } from './config.js';

/** Every server secret the API reads: what it keys, and the file a developer's machine keeps it in. */
export const SERVER_SECRETS = {
  JWT_SECRET: {
    file: 'jwt-secret',
    keys: 'access tokens, phone sign-in codes, the session marker and release preview cookies',
  },
  PIN_SECRET: { file: 'pin-secret', keys: 'transaction PIN and PIN reset code hashes' },
  BANK_TOKEN_SECRET: { file: 'bank-token-secret', keys: 'Plaid access tokens at rest' },
} as const;
export type SecretName = keyof typeof SERVER_SECRETS;
export const MIN_SECRET_LENGTH = 32;

/** Where development keeps a secret when its variable is unset: $PORTAL_HOME/<file>. */
export const developmentSecretFile = (name: SecretName, env: NodeJS.ProcessEnv = process.env) =>
  path.join(portalHome(env), SERVER_SECRETS[name].file);

/**
 * A server secret: the environment variable (>= 32 characters, required in production: the start
 * check, platform/config/production.ts, refuses to start without it); a developer's machine keeps one
 * in $PORTAL_HOME/<file> so restarts keep it; tests get a fresh one per process.
 */
export function localSecret(name: SecretName): Buffer {
  let value = process.env[name];
  if (!value) {
    if (isProduction()) throw new Error(`${name} must be set in production`);
    if (isTest) value = crypto.randomBytes(32).toString('hex');
    else {
      const file = developmentSecretFile(name);
      if (!fs.existsSync(file)) {
        fs.mkdirSync(portalHome(), { recursive: true });
        fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
      }
      value = fs.readFileSync(file, 'utf8').trim();
    }
  }
  if (value.length < MIN_SECRET_LENGTH) throw new Error(`${name} must be at least ${MIN_SECRET_LENGTH} characters`);
  return Buffer.from(value, 'utf8');
}
