import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** Repository root (this file is api/src/platform/config.ts). */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const apiRoot = path.join(repoRoot, 'api');

/** Run-time state folder (docs/decisions.md): pg data, published remotes, uploads, outbox. Read per call. */
export const portalHome = (env: NodeJS.ProcessEnv = process.env) =>
  path.resolve(env.PORTAL_HOME ?? path.join(repoRoot, '.portal'));

/**
 * The production profile (docs/deploying.md): read per call, so a test can run the app with production's
 * rules in process (test/security/production-profile.test.ts) as `NODE_ENV=production npm start` does.
 */
export const isProduction = () => process.env.NODE_ENV === 'production';
export const isTest = process.env.NODE_ENV === 'test' || process.env.VITEST !== undefined;
