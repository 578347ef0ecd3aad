import crypto from 'node:crypto';
import { afterAll, inject } from 'vitest';
import { ensureDatabaseExists } from '../src/platform/db/embedded.js';
import { closePool, setDatabaseUrl } from '../src/platform/db/pool.js';
import { closePrisma } from '../src/platform/db/prisma.js';

// Runs before each test file (own module registry): clone the template into a fresh database
// (CREATE DATABASE ... TEMPLATE copies files, ~tens of ms) and point the pool and Prisma at it.
const server = inject('pgServerUrl');
const name = `t_${crypto.randomBytes(6).toString('hex')}`;
await ensureDatabaseExists(`${server}/postgres`, name, inject('templateDatabase'));
setDatabaseUrl(`${server}/${name}`);

afterAll(async () => {
  await closePrisma();
  await closePool();
});
