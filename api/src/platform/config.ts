import { fileURLToPath } from 'node:url';
import path from 'node:path';

/** Repository root (this file is api/src/platform/config.ts). */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const apiRoot = path.join(repoRoot, 'api');

/** Run-time state folder (docs/decisions.md): pg data, published remotes, uploads, outbox. Read per call. */
export const portalHome = () => path.resolve(process.env.PORTAL_HOME ?? path.join(repoRoot, '.portal'));

export const isProduction = process.env.NODE_ENV === 'production';
export const isTest = process.env.NODE_ENV === 'test' || process.env.VITEST !== undefined;
