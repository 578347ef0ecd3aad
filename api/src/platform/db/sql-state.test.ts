import { describe, expect, it } from 'vitest';
import { sqlState } from './sql-state.js';

describe('sqlState: the SQLSTATE of a failed statement, from pg or from Prisma', () => {
  it("reads pg's error code", () => {
    expect(sqlState(Object.assign(new Error('closed'), { code: 'SU409' }))).toBe('SU409');
  });

  it("reads the code Prisma keeps from @prisma/adapter-pg, not Prisma's own P-code", () => {
    const prismaError = {
      code: 'P2010',
      meta: { driverAdapterError: { cause: { kind: 'postgres', code: 'SU409', originalCode: 'SU409' } } },
    };
    expect(sqlState(prismaError)).toBe('SU409');
  });

  it("keeps PL/pgSQL's P0002 (no_data_found), and finds none on other errors", () => {
    expect(sqlState({ code: 'P0002' })).toBe('P0002');
    expect(sqlState(new Error('plain'))).toBeUndefined();
    expect(sqlState(undefined)).toBeUndefined();
  });
});
