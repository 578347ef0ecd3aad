import { Prisma } from './prisma.js';

/**
 * The row a Prisma `delete` / `update` of one row answered, or null when no row matched its where
 * (P2025): for "spend it if it is still there" writes, where two callers race and one gets nothing.
 */
export async function orNoRow<T>(write: Promise<T>): Promise<T | null> {
  try {
    return await write;
  } catch (e) {
    if (e instanceof Prisma.PrismaClientKnownRequestError && e.code === 'P2025') return null;
    throw e;
  }
}
