/**
 * Security fixtures: how the generated suites get REAL requests for an operation.
 *
 * An `owner` route names a resource in its path (a transfer, a request, a ticket...). The
 * authorization matrix needs an id that exists and belongs to someone, so the module that owns the
 * route says how to make one: a file `api/src/modules/<area>/security-fixtures.ts` exporting
 *
 *   export const securityFixtures: SecurityFixtures = {
 *     'GET /api/wallet/requests/{id}': async ({ owner }) => {
 *       const id = await createRequestFor(owner.id);          // any setup, e.g. test/helpers.ts
 *       return { params: { id }, secrets: [id] };
 *     },
 *     'POST /api/wallet/transfers': async ({ caller, other }) => { ... return { body, headers } },
 *   };
 *
 * The key is "METHOD /openapi/path". A fixture is called once per call of the matrix (fresh
 * resources, fresh idempotency keys), with `caller` the party about to call (null = anonymous) and
 * `owner` the party the resource must belong to. Required for every `owner` route (the suite fails
 * without one); optional elsewhere: with a fixture the authorised callers must get a 2xx (or
 * `expect`), without one they must merely not be refused (no 401/403) nor crash (no 5xx).
 * `secrets` are strings of the owner's (ids, e-mails, text) that no other caller may ever see.
 * The malformed-input suite uses the fixture's request as the valid base it corrupts.
 */
import fs from 'node:fs';
import path from 'node:path';
import { apiRoot } from '../../src/platform/config.js';
import { bearer, createUser, deposit, send } from '../helpers.js';

export interface SecurityParty {
  id: string;
  email: string;
  password: string;
  headers: Record<string, string>;
}

export interface FixtureContext {
  owner: SecurityParty;
  other: SecurityParty;
  admin: SecurityParty;
  /** Who will make the call; null for anonymous. */
  caller: SecurityParty | null;
}

export interface SecurityRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** A multipart/form-data body instead of JSON (uploads). */
  form?: Record<string, Blob | string>;
  headers?: Record<string, string>;
  /** Strings of the owner's that must not appear in another caller's answer. */
  secrets?: string[];
  /** Statuses that count as success for an authorised caller (default: any 2xx). */
  expect?: number[];
}

export type SecurityFixture = (ctx: FixtureContext) => Promise<SecurityRequest> | SecurityRequest;
export type SecurityFixtures = Record<string, SecurityFixture>;

export const PARTY_PASSWORD = 'Security-suite-2026!';

/** Fixtures of the routes that existed when the suite was written (modules add their own). */
const builtIn: SecurityFixtures = {
  'POST /api/auth/token': ({ owner }) => ({
    query: { grant_type: 'password' },
    body: { email: owner.email, password: owner.password },
  }),
  'GET /api/platform/assets/logo/{file}': () => ({ params: { file: 'USD.svg' } }),
};

/** Built-in fixtures plus every module's `security-fixtures.ts` (a module's entry wins). */
export async function loadFixtures(): Promise<SecurityFixtures> {
  const all: SecurityFixtures = { ...builtIn };
  const modulesDir = path.join(apiRoot, 'src', 'modules');
  for (const area of fs.readdirSync(modulesDir)) {
    const file = path.join(modulesDir, area, 'security-fixtures.ts');
    if (!fs.existsSync(file)) continue;
    const mod = (await import(file)) as { securityFixtures?: SecurityFixtures };
    Object.assign(all, mod.securityFixtures ?? {});
  }
  return all;
}

async function party(opts: { admin?: boolean; fullName: string }): Promise<SecurityParty> {
  const u = await createUser({ fullName: opts.fullName, password: PARTY_PASSWORD, admin: opts.admin });
  return { ...u, password: PARTY_PASSWORD, headers: await bearer(u.id, opts.admin) };
}

/**
 * Owner, another user and an admin, each with money and history of their own (with a third
 * party, never with each other), so a leak of the owner's rows would show in another's answer.
 */
export async function createParties() {
  const owner = await party({ fullName: 'Olivia Owner' });
  const other = await party({ fullName: 'Oscar Other' });
  const admin = await party({ fullName: 'Adam Admin', admin: true });
  const third = await createUser({ fullName: 'Theo Third' });
  for (const p of [owner, other, admin]) {
    await deposit(p.id, 'USD', '1000.00');
    await deposit(p.id, 'EUR', '500.00');
    await send(p.id, third.id, 'USD', '10.00', `${p.id} paid third`);
  }
  return { owner, other, admin };
}
