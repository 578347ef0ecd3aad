import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { isProduction, isTest, portalHome } from './config.js';

/**
 * A server secret: the environment variable (>= 32 characters, required in production); a developer's
 * machine keeps one in $PORTAL_HOME/<file> so restarts keep it; tests get a fresh one per process.
 */
export function localSecret(envName: string, fileName: string): Buffer {
  let value = process.env[envName];
  if (!value) {
    if (isProduction) throw new Error(`${envName} must be set in production`);
    if (isTest) value = crypto.randomBytes(32).toString('hex');
    else {
      const file = path.join(portalHome(), fileName);
      if (!fs.existsSync(file)) {
        fs.mkdirSync(portalHome(), { recursive: true });
        fs.writeFileSync(file, crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
      }
      value = fs.readFileSync(file, 'utf8').trim();
    }
  }
  if (value.length < 32) throw new Error(`${envName} must be at least 32 characters`);
  return Buffer.from(value, 'utf8');
}
