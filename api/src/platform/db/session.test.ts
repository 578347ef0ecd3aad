import { afterEach, describe, expect, it } from 'vitest';
import { getDatabaseUrl } from './pool.js';
import { sessionDatabaseUrl, statementName } from './session.js';

// Behind PgBouncer in transaction mode (docs/scaling.md "The HA topology"): what needs a session goes
// to DATABASE_SESSION_URL and no statement is prepared by name (the 503s of a switch: errors.test.ts).
const SESSION = 'postgresql://postgres@10.77.1.20:5000/portal';
afterEach(() => {
  delete process.env.DATABASE_SESSION_URL;
});

describe('a transaction pooler in front of the primary', () => {
  it('without DATABASE_SESSION_URL: sessions use DATABASE_URL and queries keep their statement names', () => {
    expect(sessionDatabaseUrl()).toBe(getDatabaseUrl());
    expect(statementName('wallet_send')).toBe('wallet_send');
  });

  it('with DATABASE_SESSION_URL: sessions (LISTEN, pg-boss, migrations) go there and no query is named', () => {
    process.env.DATABASE_SESSION_URL = SESSION;
    expect(sessionDatabaseUrl()).toBe(SESSION);
    expect(statementName('wallet_send')).toBeUndefined();
  });
});
