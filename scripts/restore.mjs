#!/usr/bin/env node
// Point-in-time recovery of the portal's PostgreSQL from its pgBackRest repository (docs/operations.md):
//
//   node scripts/restore.mjs --config /etc/pgbackrest/pgbackrest.conf --to "2026-11-26 08:15:00+00" \
//        --data /srv/portal/pg-restored [--port 5433] [--serve]
//
// Restores into a FRESH data folder (the damaged one is left alone), replays the archived WAL up to
// --to (every transaction committed at or before it, none after), promotes the server to a new
// timeline and prints its DATABASE_URL. --serve then starts the portal on it (npm start with that
// DATABASE_URL). Needs Debian's postgresql-15 and pgbackrest; run as root or as postgres.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { restoreTo } from './lib/pgbackrest.mjs';
import { run } from './lib/tasks.mjs';

const { values } = parseArgs({
  options: {
    config: { type: 'string' },
    to: { type: 'string' },
    data: { type: 'string' },
    port: { type: 'string', default: '5433' },
    socket: { type: 'string' },
    serve: { type: 'boolean', default: false },
  },
});
if (!values.config || !values.to || !values.data) {
  console.error(
    'usage: node scripts/restore.mjs --config <pgbackrest.conf> --to "<timestamp with time zone>" --data <new data folder> [--port 5433] [--socket <dir>] [--serve]',
  );
  process.exit(2);
}
if (Number.isNaN(Date.parse(values.to))) {
  console.error(`--to: not a timestamp: ${values.to} (e.g. "2026-11-26 08:15:00+00")`);
  process.exit(2);
}
const dataDir = path.resolve(values.data);
const socketDir = values.socket ?? path.dirname(dataDir);
const started = performance.now();
await restoreTo({
  config: values.config,
  target: values.to,
  dataDir,
  port: Number(values.port),
  socketDir,
  log: `${dataDir}.log`,
});
const url = `postgresql://postgres@127.0.0.1:${values.port}/portal`;
console.log(
  `Restored to ${values.to} in ${((performance.now() - started) / 1000).toFixed(1)} s: ${dataDir} (log ${dataDir}.log)`,
);
console.log(`DATABASE_URL=${url}`);
if (values.serve) await run(process.execPath, ['scripts/portal.mjs', 'start'], { env: { DATABASE_URL: url } });
