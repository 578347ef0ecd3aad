// Starts the API process, which serves the portal, the API and the published remotes on one origin.
// It starts an embedded PostgreSQL unless DATABASE_URL is set, migrates, seeds on first start and
// prints the URL, the database and the demo accounts. NODE_ENV is left as given: `npm start` is a
// developer's machine, where the mail/SMS outbox endpoint is on; a deployment sets production.
import { pnpm } from './lib/tasks.mjs';

await pnpm(['--filter', '@portal/api', 'run', 'start']);
