/**
 * Authorization matrix generated from /api/openapi.json (docs/decisions.md "Who may call what").
 * Every operation is called as anonymous (no token, an expired token, a forged admin token, an
 * unsigned token), as another user, as the owner and as an admin, and the outcome must match its
 * 'x-access'. An operation without 'x-access', or an owner route without a security fixture
 * (test/security/fixtures.ts), fails the suite. No answer to anyone but the owner (or an admin on
 * an admin route) may contain the owner's ids, e-mail or other secrets.
 */
import { SignJWT } from 'jose';
import crypto from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../src/app.js';
import { issueAccessToken } from '../../src/platform/auth/tokens.js';
import { getPool } from '../../src/platform/db/pool.js';
import { publishTestRelease } from '../../src/modules/composition/releases/testing.js';
import { callOperation, securityHeaderProblems, isErrorEnvelope, type CallResult } from './call.js';
import {
  createParties,
  loadFixtures,
  type FixtureContext,
  type SecurityParty,
  type SecurityRequest,
} from './fixtures.js';
import { ACCESS_LEVELS, listOperations, loadOpenApi, type Operation } from './openapi.js';

// A remote registry with a user and an admin remote, so the public registry route has something to hide.
await publishTestRelease('mfe-wallet', '1.0.0');
await publishTestRelease('mfe-admin', '1.0.0', { audience: 'admin' });

const app = createTestApp();
const doc = await loadOpenApi();
const operations = listOperations(doc);
const fixtures = await loadFixtures();

let parties: { owner: SecurityParty; other: SecurityParty; admin: SecurityParty };
let ownerSecrets: string[];

beforeAll(async () => {
  parties = await createParties();
  const wallets = await getPool().query<{ id: string }>('SELECT id FROM user_wallets WHERE user_id = $1', [
    parties.owner.id,
  ]);
  const txs = await getPool().query<{ id: string }>(
    'SELECT id FROM transactions WHERE sender_id = $1 OR receiver_id = $1',
    [parties.owner.id],
  );
  ownerSecrets = [
    parties.owner.id,
    parties.owner.email,
    ...wallets.rows.map((r) => r.id),
    ...txs.rows.map((r) => r.id),
  ];
});

/** Callers that must be treated as anonymous: no token, and tokens that must not be accepted. */
async function anonymousCallers(): Promise<{ label: string; party: SecurityParty | null }[]> {
  const { owner } = parties;
  const expired = (
    await issueAccessToken({ id: owner.id, sid: crypto.randomUUID(), adm: true }, Math.floor(Date.now() / 1000) - 3600)
  ).token;
  const forged = await new SignJWT({ sid: crypto.randomUUID(), adm: true })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(owner.id)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(crypto.randomBytes(32));
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: owner.id, sid: crypto.randomUUID(), adm: true, exp: Math.floor(Date.now() / 1000) + 600 })}.`;
  const as = (label: string, token: string) => ({
    label,
    party: { ...owner, headers: { authorization: `Bearer ${token}` } },
  });
  return [
    { label: 'anonymous', party: null },
    as('expired token', expired),
    as('forged admin token', forged),
    as('unsigned (alg none) token', unsigned),
  ];
}

async function requestFor(op: Operation, caller: SecurityParty | null): Promise<SecurityRequest> {
  const fixture = fixtures[op.key];
  const ctx: FixtureContext = { ...parties, caller };
  return fixture ? await fixture(ctx) : {};
}

const describeCall = (who: string, op: Operation, r: CallResult) =>
  `${op.key} as ${who}: ${r.status} ${r.text.slice(0, 300)}`;

function expectCommon(who: string, op: Operation, r: CallResult) {
  expect(r.status, `${describeCall(who, op, r)} (never a 5xx)`).toBeLessThan(500);
  if (r.status >= 400) expect(isErrorEnvelope(r.json), `${describeCall(who, op, r)} (error envelope)`).toBe(true);
  expect(securityHeaderProblems(r.headers), `${op.key} as ${who}: security headers`).toEqual([]);
}

function expectSuccess(who: string, op: Operation, req: SecurityRequest, r: CallResult, hasFixture: boolean) {
  if (hasFixture) {
    const ok = req.expect ? req.expect.includes(r.status) : r.status >= 200 && r.status < 300;
    expect(ok, `${describeCall(who, op, r)} (authorised caller with a valid request must succeed)`).toBe(true);
  } else {
    expect([401, 403], `${describeCall(who, op, r)} (authorised caller must not be refused)`).not.toContain(r.status);
  }
}

function expectNoLeak(who: string, op: Operation, r: CallResult, secrets: string[]) {
  const body = r.text.toLowerCase();
  const leaked = secrets.filter((s) => s && body.includes(s.toLowerCase()));
  expect(leaked, `${describeCall(who, op, r)} must not contain the owner's data`).toEqual([]);
}

describe('authorization matrix from /api/openapi.json (docs/decisions.md "Who may call what")', () => {
  it('the document lists operations and every one declares x-access (public, user, owner or admin)', () => {
    expect(operations.length).toBeGreaterThan(0);
    const undeclared = operations
      .filter((op) => !op.access || !ACCESS_LEVELS.includes(op.access))
      .map((op) => `${op.key}: ${String(op.access)}`);
    expect(undeclared, "declare 'x-access' next to each route's path").toEqual([]);
  });

  it('every owner route has a security fixture that creates a resource for the owner', () => {
    const missing = operations.filter((op) => op.access === 'owner' && !fixtures[op.key]).map((op) => op.key);
    expect(missing, 'export securityFixtures from api/src/modules/<area>/security-fixtures.ts').toEqual([]);
  });

  it('every security fixture names an operation that exists', () => {
    const keys = new Set(operations.map((op) => op.key));
    expect(Object.keys(fixtures).filter((k) => !keys.has(k))).toEqual([]);
  });

  for (const op of operations) {
    it(`${op.key} [${op.access ?? 'UNDECLARED'}]: anonymous, other user, owner and admin get what x-access says`, async () => {
      expect(op.access, `${op.key} declares no x-access`).toBeDefined();
      const hasFixture = Boolean(fixtures[op.key]);
      if (op.access === 'owner')
        expect(
          hasFixture,
          `${op.key} is an owner route: export a securityFixtures entry for it (test/security/fixtures.ts)`,
        ).toBe(true);
      const { owner, other, admin } = parties;

      // Anonymous and every kind of bad token. On a public GET whose anonymous answer is stable, a bad
      // token must get exactly the anonymous answer (e.g. a forged admin token sees no admin remotes).
      const anonymousAnswers = new Set<string>();
      if (op.access === 'public' && op.method === 'GET') {
        for (let i = 0; i < 2; i++) {
          const a = await callOperation(app, doc, op, await requestFor(op, null), null);
          anonymousAnswers.add(`${a.status} ${a.text}`);
        }
      }
      for (const { label, party } of await anonymousCallers()) {
        const req = await requestFor(op, party);
        const r = await callOperation(app, doc, op, req, party);
        expectCommon(label, op, r);
        if (op.access === 'public') {
          expectSuccess(label, op, req, r, hasFixture);
          if (anonymousAnswers.size === 1 && party) {
            expect(`${r.status} ${r.text}`, `${op.key} with a ${label}: must be answered as anonymous`).toBe(
              [...anonymousAnswers][0],
            );
          }
        } else {
          expect(r.status, `${describeCall(label, op, r)} must be 401`).toBe(401);
          expectNoLeak(label, op, r, [...ownerSecrets, ...(req.secrets ?? [])]);
        }
      }

      if (op.access === 'owner') {
        // The resource is the owner's; the others name its id and must get 404, never its data.
        const req = await requestFor(op, owner);
        for (const [who, party] of [
          ['another user', other],
          ['admin (not the owner)', admin],
        ] as const) {
          const r = await callOperation(app, doc, op, { ...req, headers: { ...req.headers } }, party);
          expectCommon(who, op, r);
          expect(r.status, `${describeCall(who, op, r)} must be 404 (another user's resource)`).toBe(404);
          expectNoLeak(who, op, r, [...ownerSecrets, ...(req.secrets ?? [])]);
        }
        const mine = await callOperation(app, doc, op, await requestFor(op, owner), owner);
        expectCommon('owner', op, mine);
        expectSuccess('owner', op, req, mine, true);
        return;
      }

      for (const [who, party] of [
        ['owner', owner],
        ['another user', other],
        ['admin', admin],
      ] as const) {
        const req = await requestFor(op, party);
        const r = await callOperation(app, doc, op, req, party);
        expectCommon(who, op, r);
        if (op.access === 'admin' && party !== admin) {
          expect(r.status, `${describeCall(who, op, r)} must be 403 (not an admin)`).toBe(403);
          expectNoLeak(
            who,
            op,
            r,
            ownerSecrets.filter((s) => s !== party.id && s !== party.email),
          );
          continue;
        }
        expectSuccess(who, op, req, r, hasFixture);
        // A user route answers with the caller's own rows only; a directory search ('x-reveals':
        // 'directory') may list the owner's id and name, never the e-mail, wallets or transactions.
        const secrets = op.reveals === 'directory' ? ownerSecrets.filter((s) => s !== owner.id) : ownerSecrets;
        if (op.access === 'user' && party !== owner) expectNoLeak(who, op, r, [...secrets, ...(req.secrets ?? [])]);
      }
    });
  }
});
