// Starts the API process, which serves the portal, the API and the published remotes on one origin.
// It starts an embedded PostgreSQL unless DATABASE_URL is set, migrates, seeds on first start and
// prints the URL, the database and the demo accounts. NODE_ENV is left as given: `npm start` is a
// developer's machine, where the mail/SMS outbox endpoint is on; a deployment sets production.
// The API's start script is run as a plain node command, not through pnpm: pnpm starts scripts in a
// shell that does not pass SIGTERM on, so the server was left running after `npm start` was stopped.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { run } from './lib/tasks.mjs';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'api');
const [program, ...args] = JSON.parse(readFileSync(path.join(apiDir, 'package.json'), 'utf8')).scripts.start.split(/\s+/);
if (program !== 'node') throw new Error(`api/package.json "start" must be a node command, not: ${program}`);

await run(process.execPath, args, { cwd: apiDir });
