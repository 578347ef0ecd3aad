/**
 * Malformed input generated from the OpenAPI schemas with fast-check (docs/architecture.md: "bad input gets
 * 400 with the field that is wrong, never a 500, and never changes any data"). For every operation:
 * schema-invalid requests -> a 4xx error envelope and the database unchanged; hostile but possibly
 * valid requests (huge / exotic unicode strings, extra fields like is_admin) -> never a 5xx, a
 * refusal changes nothing, and no extra field grants anything.
 * Every date, number and amount field also gets every impossible value of malformed.ts (2026-02-30,
 * 0000-01-01, overflow, 19 decimals, signs, NaN-ish): each a 400 that names the field.
 */
import crypto from 'node:crypto';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../src/app.js';
import { getPool } from '../../src/platform/db/pool.js';
import { callOperation, isErrorEnvelope } from './call.js';
import { dbFingerprint } from './db-state.js';
import { createParties, loadFixtures, type SecurityParty, type SecurityRequest } from './fixtures.js';
import {
  boundaryCases,
  describeMutation,
  hostileExamples,
  hostileMutations,
  invalidMutations,
  type Mutation,
} from './malformed.js';
import { listOperations, loadOpenApi, sample, type Operation } from './openapi.js';

const app = createTestApp();
const doc = await loadOpenApi();
const operations = listOperations(doc);
const fixtures = await loadFixtures();
const RUNS_INVALID = Number(process.env.SECURITY_FUZZ_RUNS ?? 25);
const RUNS_HOSTILE = Math.ceil(RUNS_INVALID * 0.6);
// Reproducible by default (the normal run must not flip between runs); SECURITY_FUZZ_SEED=<n> explores other inputs.
const BASE_SEED = Number(process.env.SECURITY_FUZZ_SEED ?? 20261121);
const seedFor = (key: string) => [...key].reduce((h, ch) => (Math.imul(h, 31) + ch.charCodeAt(0)) | 0, BASE_SEED);

let parties: { owner: SecurityParty; other: SecurityParty; admin: SecurityParty };
beforeAll(async () => {
  parties = await createParties();
});

/** The caller x-access allows: anonymous for public, the owner for user/owner routes, an admin for admin routes. */
const callerFor = (op: Operation) =>
  op.access === 'admin' ? parties.admin : op.access === 'public' ? null : parties.owner;

async function baseRequest(op: Operation, caller: SecurityParty | null): Promise<SecurityRequest> {
  const fixture = fixtures[op.key];
  return fixture ? await fixture({ ...parties, caller }) : {};
}

function apply(op: Operation, req: SecurityRequest, m: Mutation): { req: SecurityRequest; rawBody?: string } {
  const body = (req.body ?? (op.body ? sample(doc, op.body.schema) : undefined)) as Record<string, unknown> | undefined;
  const obj = body && typeof body === 'object' && !Array.isArray(body) ? { ...body } : {};
  switch (m.kind) {
    case 'raw-body':
      return { req, rawBody: m.raw };
    case 'deep':
      return { req: { ...req, body: withValueAt(structuredClone(body ?? {}), m.path, m.value) } };
    case 'missing':
      delete obj[m.field];
      return { req: { ...req, body: obj } };
    case 'field':
      return { req: { ...req, body: { ...obj, ...(m.extra ?? {}), [m.field]: m.value } } };
    case 'extra-only':
      return { req: { ...req, body: { ...obj, ...m.extra } } };
    case 'query':
      return { req: { ...req, query: { ...req.query, [m.name]: m.value } } };
    case 'path':
      return { req: { ...req, params: { ...req.params, [m.name]: m.value } } };
  }
}

/** `target` with `value` at `path` (objects and arrays created on the way). */
function withValueAt(target: unknown, path: (string | number)[], value: unknown): unknown {
  let node = target as Record<string | number, unknown>;
  path.slice(0, -1).forEach((key, i) => {
    node[key] ??= typeof path[i + 1] === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  });
  node[path.at(-1)!] = value;
  return target;
}

/** A fresh Idempotency-Key on every call (a refused body must not replay an earlier answer), whatever case the fixture wrote. */
const freshKey = (req: SecurityRequest): SecurityRequest => ({
  ...req,
  headers: {
    ...Object.fromEntries(Object.entries(req.headers ?? {}).filter(([k]) => k.toLowerCase() !== 'idempotency-key')),
    'Idempotency-Key': crypto.randomUUID(),
  },
});

async function ownerIsAdmin() {
  const { rows } = await getPool().query<{ is_admin: boolean }>('SELECT is_admin FROM profiles WHERE id = $1', [
    parties.owner.id,
  ]);
  return rows[0]?.is_admin;
}

describe('impossible dates, numbers and amounts in every date, number and amount field of /api/openapi.json: 400 naming the field, nothing changed', () => {
  for (const op of operations) {
    const cases = boundaryCases(doc, op);
    if (!cases.length) continue;
    it(`${op.key}: ${[...new Set(cases.map((c) => c.field))].join(', ')}`, async () => {
      const caller = callerFor(op);
      const base = await baseRequest(op, caller);
      const before = await dbFingerprint();
      for (const { field, mutation } of cases) {
        const { req } = apply(op, freshKey(base), mutation);
        const r = await callOperation(app, doc, op, req, caller);
        const what = `${op.key} with ${describeMutation(mutation)} -> ${r.status} ${r.text.slice(0, 200)}`;
        expect(r.status, `${what} (must be a 400)`).toBe(400);
        expect(
          (r.json as { details?: { fields?: Record<string, string> } }).details?.fields?.[field],
          `${what} (must name ${field})`,
        ).toEqual(expect.any(String));
      }
      expect(await dbFingerprint(), `${op.key}: a refused request changes nothing`).toEqual(before);
    });
  }
});

describe('malformed input generated from /api/openapi.json (fast-check): never a 5xx, always the envelope, nothing changed', () => {
  for (const op of operations) {
    const invalid = invalidMutations(doc, op);
    const hostile = hostileMutations(doc, op);
    if (!invalid && !hostile) continue; // no input to corrupt (e.g. GET without parameters)

    it(`${op.key}: schema-invalid input is refused with a 4xx envelope and the database is unchanged`, async () => {
      if (!invalid) return;
      const caller = callerFor(op);
      await fc.assert(
        fc.asyncProperty(invalid, async (m) => {
          const base = await baseRequest(op, caller);
          const { req, rawBody } = apply(op, base, m);
          const before = await dbFingerprint();
          const r = await callOperation(app, doc, op, req, caller, { rawBody });
          const what = `${op.key} with ${describeMutation(m)} -> ${r.status} ${r.text.slice(0, 200)}`;
          expect(r.status, `${what} (must be refused with a 4xx)`).toBeGreaterThanOrEqual(400);
          expect(r.status, `${what} (never a 5xx)`).toBeLessThan(500);
          expect(isErrorEnvelope(r.json), `${what} (error envelope { error, code })`).toBe(true);
          expect(await dbFingerprint(), `${what} (database unchanged)`).toEqual(before);
        }),
        { numRuns: RUNS_INVALID, seed: seedFor(`invalid ${op.key}`) },
      );
    });

    it(`${op.key}: hostile strings and extra fields never cause a 5xx, a refusal changes nothing, extra fields grant nothing`, async () => {
      if (!hostile) return;
      const caller = callerFor(op);
      await fc.assert(
        fc.asyncProperty(hostile, async (m) => {
          const base = await baseRequest(op, caller);
          const { req, rawBody } = apply(op, base, m);
          const before = await dbFingerprint();
          const r = await callOperation(app, doc, op, req, caller, { rawBody });
          const what = `${op.key} with ${describeMutation(m)} -> ${r.status} ${r.text.slice(0, 200)}`;
          expect(r.status, `${what} (never a 5xx)`).toBeLessThan(500);
          if (r.status >= 400) {
            expect(isErrorEnvelope(r.json), `${what} (error envelope)`).toBe(true);
            expect(await dbFingerprint(), `${what} (a refused request changes nothing)`).toEqual(before);
          }
          expect(await ownerIsAdmin(), `${what} (extra fields must not make the caller an admin)`).toBe(false);
          expect(({} as Record<string, unknown>).polluted, `${what} (no prototype pollution)`).toBeUndefined();
        }),
        {
          numRuns: RUNS_HOSTILE,
          seed: seedFor(`hostile ${op.key}`),
          examples: hostileExamples(doc, op).map((m) => [m] as [Mutation]),
        },
      );
    });
  }
});
