// Starts the API process, which serves the portal, the API and the published remotes on one origin.
// It starts an embedded PostgreSQL unless DATABASE_URL is set, migrates, seeds on first start and
// prints the URL, the database and the demo accounts. NODE_ENV is left as given: `npm start` is a
// developer's machine, where the mail/SMS outbox endpoint is on; a deployment sets production.
// Run as a plain node command, not through pnpm: pnpm starts scripts in a shell that does not pass
// SIGTERM on, so the server was left running after `npm start` was stopped.
import { apiDir, apiStartArgs } from './lib/api-start.mjs';
import { run } from './lib/tasks.mjs';

// Without Plaid keys the API starts the local Plaid sandbox; on a developer's machine its transfers
// post and settle by themselves (5 s, 10 s) so a deposit or withdrawal completes without a test driver.
const env = process.env.PLAID_CLIENT_ID
  ? {}
  : { PLAID_SANDBOX_AUTO_SETTLE_MS: process.env.PLAID_SANDBOX_AUTO_SETTLE_MS ?? '5000' };
await run(process.execPath, apiStartArgs, { cwd: apiDir, env });
