import { afterEach, describe, expect, it } from 'vitest';
import { toAppError } from '../errors.js';
import { getDatabaseUrl } from './pool.js';
import { sessionDatabaseUrl, statementName } from './session.js';

// Behind PgBouncer in transaction mode (docs/scaling.md "The HA topology"): what needs a session goes
// to DATABASE_SESSION_URL, no statement is prepared by name, and a write that reaches a server Patroni
// just demoted is a retryable 503.
const SESSION = 'postgresql://postgres@10.77.1.20:5000/portal';
afterEach(() => { delete process.env.DATABASE_SESSION_URL; });

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

  it('a write refused as read-only (25006: the server was demoted) answers 503 with Retry-After, never 500', () => {
    const e = toAppError(Object.assign(new Error('cannot execute INSERT in a read-only transaction'), { code: '25006' }));
    expect(e.status).toBe(503);
    expect(e.code).toBe('UNAVAILABLE');
    expect(e.headers?.['Retry-After']).toBe('2');
  });

  it("Prisma's closed connection (P1017, as during a switch) answers 503 too", () => {
    const e = toAppError(Object.assign(new Error('Server has closed the connection.'), { code: 'P1017' }));
    expect(e.status).toBe(503);
  });

  it("a server shutting a session (57P01) under a Prisma query (P2039, SQLSTATE in meta.driverAdapterError) answers 503", () => {
    const driverAdapterError = Object.assign(new Error('terminating connection'), { cause: { kind: 'postgres', code: '57P01', message: 'terminating connection due to administrator command' } });
    const e = toAppError(Object.assign(new Error('Database error. Code: `57P01`.'), { code: 'P2039', meta: { modelName: 'Profile', driverAdapterError } }));
    expect(e.status).toBe(503);
  });
});
