import { describe, expect, it } from 'vitest';
import { toAppError } from './errors.js';

describe('error mapper (docs/architecture.md: every error is the JSON envelope with a fitting status)', () => {
  it('a database that is down or not answering is 503 UNAVAILABLE with Retry-After, not a 500', () => {
    const cases: unknown[] = [
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      new Error('timeout exceeded when trying to connect'),
      new Error('Query read timeout'),
      new Error('driver adapter failed', {
        cause: Object.assign(new Error('the database system is starting up'), { code: '57P03' }),
      }),
      // a write that reached a server Patroni just demoted (docs/scaling.md "The HA topology")
      Object.assign(new Error('cannot execute INSERT in a read-only transaction'), { code: '25006' }),
      // Prisma's own code for a closed connection, and a lost session inside a Prisma error's meta
      Object.assign(new Error('Server has closed the connection.'), { code: 'P1017' }),
      Object.assign(new Error('Database error. Code: `57P01`.'), {
        code: 'P2039',
        meta: {
          modelName: 'Profile',
          driverAdapterError: Object.assign(new Error('driver'), { cause: { kind: 'postgres', code: '57P01' } }),
        },
      }),
    ];
    for (const err of cases) {
      const e = toAppError(err);
      expect([e.status, e.code, e.headers?.['Retry-After']]).toEqual([503, 'UNAVAILABLE', '2']);
    }
  });

  it('an unexpected error is a 500 with an error id and no internals', () => {
    const e = toAppError(new Error('relation "secret_table" does not exist'));
    expect([e.status, e.code, e.message]).toEqual([500, 'INTERNAL', 'An unexpected error occurred.']);
    expect(e.details).toMatchObject({ errorId: expect.any(String) });
  });

  it('unique and foreign-key violations are 409 conflicts', () => {
    expect(toAppError(Object.assign(new Error('dup'), { code: '23505' })).status).toBe(409);
    expect(toAppError(Object.assign(new Error('fk'), { code: '23503' })).status).toBe(409);
  });

  it('a violation raised through Prisma (a raw statement, code P2010) answers as the same statement through pg', () => {
    const throughPrisma = (originalCode: string) =>
      Object.assign(new Error('raw query failed'), {
        code: 'P2010',
        meta: { driverAdapterError: { cause: { kind: 'postgres', originalCode } } },
      });
    expect(toAppError(throughPrisma('23503')).status).toBe(409);
    const nul = toAppError(throughPrisma('22021'));
    expect([nul.status, nul.message]).toEqual([400, 'Text contains characters that are not allowed']);
  });
});
