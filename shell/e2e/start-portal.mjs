#!/usr/bin/env node
// Starts a throw-away portal for end-to-end tests and the bundle bench: production build of the
// web packages, publish of every remote into $PORTAL_HOME (must be a fresh temp folder), then the
// API server (which serves the shell, the remotes and /api) on $PORT with an embedded PostgreSQL
// in $PORTAL_HOME/pg. DATABASE_URL is ignored on purpose: tests never touch a shared database.
//   PORTAL_HOME=/tmp/x PORT=3210 PORTAL_PG_PORT=54410 node shell/e2e/start-portal.mjs [--no-build]
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiDir, apiStartArgs } from '../../scripts/lib/api-start.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
if (!process.env.PORTAL_HOME) throw new Error('PORTAL_HOME must be set (a fresh temp folder)');
// NODE_ENV stays unset for the API: it runs in its development mode (generated JWT secret in PORTAL_HOME).
const env = { ...process.env, PORT: process.env.PORT ?? '3210' };
delete env.NODE_ENV;
delete env.DATABASE_URL;

function runSync(args) {
  const r = spawnSync(process.execPath, args, { cwd: repo, env, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
if (!process.argv.includes('--no-build')) runSync(['scripts/build-web.mjs']);
runSync(['scripts/publish-remote.mjs', '--all', '--no-build']);

const api = spawn(process.execPath, apiStartArgs, { cwd: apiDir, env, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => api.kill(sig));
api.on('exit', (code) => process.exit(code ?? 0));
