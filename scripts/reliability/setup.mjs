// The common start of a reliability case: own PostgreSQL, one API process (more with addApi),
// the three demo users (and `moreUsers` made for the case) signed in, funded and with a PIN; tells whether the
// transfer route exists.
import { createUsers } from '../../bench/suites/_portal-api.js';
import { books, log, openapi, signIn, startApi, startDatabase, freePort, tempHome } from './lib.mjs';

export const PIN = '1357';
export const USERS = ['demo@portal.test', 'bob@portal.test', 'admin@portal.test'];

/**
 * `env`: extra environment of every API process (e.g. TRUST_PROXY=1 behind nginx); `database`: starts
 * the case's PostgreSQL in a folder, as { url, stop, start } (default: an embedded one, lib.mjs); `moreUsers`:
 * that many users more (at most 27: sign-ins are limited to 30 per address in 15 minutes).
 */
export async function setupPortal(name, { env = {}, database = startDatabase, moreUsers = 0 } = {}) {
  const home = tempHome(`portal-rel-${name}-`);
  const db = await database(home.dir);
  const apis = [];
  const addApi = async () => {
    const api = await startApi({ home: home.dir, databaseUrl: db.url, port: await freePort(), env });
    apis.push(api);
    return api;
  };
  const first = await addApi();
  log(`${name}: PostgreSQL ${db.url.replace(/:[^:@]+@/, ':***@')}, API pid ${first.pid} on ${first.base}`);
  const doc = await openapi(first.base);
  const paths = Object.keys(doc.paths);
  const hasTransfers = Boolean(doc.paths['/api/wallet/transfers']?.post);
  const pinPath = paths.find((p) => /\/pin$/.test(p) && doc.paths[p].post);
  const ledger = books(db.url);
  const sessions = [];
  for (const email of USERS) {
    const s = await signIn(first.base, email);
    await ledger.deposit(s.userId, 'USD', '100000.00');
    if (pinPath) await ledger.setPin(first.base, s, PIN, pinPath);
    sessions.push(s);
  }
  for (const u of await createUsers(ledger.pool, moreUsers, [['USD', '100000.00']], 'rel')) {
    const s = await signIn(first.base, u.email);
    if (pinPath) await ledger.setPin(first.base, s, PIN, pinPath);
    sessions.push(s);
  }
  log(
    `${name}: transfer route ${hasTransfers ? 'present' : 'ABSENT (driving the ledger directly)'}; PIN route ${pinPath ?? 'absent'}`,
  );
  const cleanup = async () => {
    for (const a of apis) await a.stop().catch(() => {});
    await ledger.end().catch(() => {});
    await db.stop().catch(() => {});
    home.remove();
  };
  return { home, db, apis, addApi, doc, hasTransfers, pinPath, ledger, sessions, cleanup };
}
