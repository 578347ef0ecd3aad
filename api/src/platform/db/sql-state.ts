/** Prisma's own error codes (P1xxx-P6xxx); P0xxx are PostgreSQL's PL/pgSQL SQLSTATEs (P0002 no_data_found). */
const PRISMA_CODE = /^P[1-9]\d{3}$/;

type Link = { code?: unknown; originalCode?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };

/**
 * The SQLSTATE a statement failed with, whether it ran through pg (`err.code`) or through Prisma
 * (@prisma/adapter-pg keeps it as `originalCode` of `meta.driverAdapterError.cause`): the one place a
 * service reads a trigger's or constraint's code (SU409, 23505) whichever client wrote the row.
 */
export function sqlState(err: unknown): string | undefined {
  for (let e = err as Link | undefined, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    if (typeof e.originalCode === 'string') return e.originalCode;
    if (typeof e.code === 'string' && !PRISMA_CODE.test(e.code)) return e.code;
    e = (e.meta?.driverAdapterError ?? e.cause) as Link | undefined;
  }
  return undefined;
}
