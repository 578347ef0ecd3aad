// Starts the API process, which serves the portal, the API and the published remotes on one origin.
// It starts an embedded PostgreSQL unless DATABASE_URL is set, migrates, seeds on first start and
// prints the URL, the database and the demo accounts. NODE_ENV is left as given: `npm start` is a
// developer's machine, where the mail/SMS outbox endpoint is on; a deployment sets production.
// Run as a plain node command, not through pnpm: pnpm starts scripts in a shell that does not pass
// SIGTERM on, so the server was left running after `npm start` was stopped.
import { apiDir, apiStartArgs } from './lib/api-start.mjs';
import { run } from './lib/tasks.mjs';

await run(process.execPath, apiStartArgs, { cwd: apiDir });
