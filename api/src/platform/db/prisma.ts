import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../../generated/prisma/client.js';
import { getDatabaseUrl, poolTimeouts } from './pool.js';

let client: PrismaClient | undefined;

/** Prisma client over @prisma/adapter-pg (Prisma 7 has no built-in driver). */
export function getPrisma(): PrismaClient {
  client ??= new PrismaClient({
    adapter: new PrismaPg({ connectionString: getDatabaseUrl(), max: Number(process.env.PRISMA_POOL_MAX ?? 5), ...poolTimeouts }),
  });
  return client;
}

export async function closePrisma(): Promise<void> {
  const c = client;
  client = undefined;
  await c?.$disconnect();
}

export { Prisma } from '../../generated/prisma/client.js';
