/**
 * fast-check arbitraries for malformed requests, derived from an operation's OpenAPI schemas.
 * `invalidMutations` are invalid by the schema (wrong type, missing required field, too long,
 * outside the enum, bad format, negative or over-precise amount, bad id in the path, unparsable
 * JSON): the API must refuse them with a 4xx envelope and change nothing. `hostileMutations` are
 * hostile but may be valid (huge or exotic unicode strings where the schema sets no bound, extra
 * fields such as is_admin): never a 5xx, and a refusal changes nothing.
 */
import fc from 'fast-check';
import { isMoney, resolve, type OpenApiDoc, type Operation, type Schema } from './openapi.js';

export type Mutation =
  | { kind: 'raw-body'; raw: string }
  | { kind: 'deep'; path: (string | number)[]; value: unknown }
  | { kind: 'missing'; field: string }
  | { kind: 'field'; field: string; value: unknown; extra?: Record<string, unknown> }
  | { kind: 'extra-only'; extra: Record<string, unknown> }
  | { kind: 'query'; name: string; value: string }
  | { kind: 'path'; name: string; value: string };

const NOT_JSON = ['{', '{"a":', '{"amount": 1,}', "{'a':1}", '\u0000', 'undefined', '{"a":1}{"b":2}', '[', '\ufeff{}x'];
const WRONG_JSON_ROOT = ['null', '[]', '[{}]', '"text"', '12', 'true', '-0', '1e400'];

const BAD_MONEY = [
  '-1.00',
  '-0.01',
  '-100',
  '1e3',
  '1E-2',
  'NaN',
  'Infinity',
  '-Infinity',
  '1,00',
  '0x10',
  ' 1.00',
  '1.00 ',
  '1.0000000000000000001',
  '0.000000001',
  '1'.repeat(40),
  '++1',
  '.5',
  '5.',
  '１.００',
];
const BAD_AMOUNT_ONLY = ['0', '0.00', '-0'];

export const BAD_IDS = [
  'not-a-uuid',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '../../etc/passwd',
  "1' OR '1'='1",
  '1;DROP TABLE users',
  '%00',
  '-1',
  '1e309',
  '😀',
  '<script>alert(1)</script>',
  'x'.repeat(5000),
  ' ',
  'null',
  'undefined',
];

export const HOSTILE_STRINGS = [
  'x'.repeat(100_000),
  '😀'.repeat(20_000),
  '\u202Eevil\u202C',
  'a\u200Bb\u200Dc\uFEFF',
  'Z̤̈́̈́͂a̷͙͋l̸̝̋g̶o',
  '\u0000',
  'nul\u0000inside',
  '\uD800',
  'lone\uDFFFsurrogate',
  "'; DROP TABLE users; --",
  '" OR 1=1 --',
  '<img src=x onerror=alert(1)>',
  '{{7*7}}${7*7}',
  '../../../../etc/passwd',
  '\r\nSet-Cookie: evil=1',
  '   ',
  '',
  'ｆｕｌｌｗｉｄｔｈ',
  'مرحبا',
  '𝕏𝕐ℤ',
  '\t\n\v\f',
];

const EXTRA_FIELDS: Record<string, unknown>[] = [
  { is_admin: true, isAdmin: true, role: 'admin' },
  {
    user_id: '00000000-0000-0000-0000-000000000001',
    sender_id: '00000000-0000-0000-0000-000000000001',
    id: '00000000-0000-0000-0000-000000000001',
  },
  { balance: '1000000.00', fee: '0', status: 'completed', kyc_status: 'verified' },
  JSON.parse('{"__proto__": {"is_admin": true}, "constructor": {"prototype": {"polluted": true}}}') as Record<
    string,
    unknown
  >,
];

function notMatching(pattern: string | undefined, values: string[]): string[] {
  if (!pattern) return values;
  const re = new RegExp(pattern);
  return values.filter((v) => !re.test(v));
}

/** Values that break the schema of one field. Empty when the schema accepts anything. */
export function invalidValues(doc: OpenApiDoc, raw: Schema | undefined, name: string): fc.Arbitrary<unknown> | null {
  const s = resolve(doc, raw);
  const alts: fc.Arbitrary<unknown>[] = [];
  const nullOk = s.nullable === true;
  const wrongTypes = (except: string) => {
    if (except !== 'string')
      alts.push(
        fc
          .string({ maxLength: 20 })
          .filter((x) => !(except === 'number' || except === 'integer') || Number.isNaN(Number(x)) || x.trim() === ''),
      );
    if (except !== 'number' && except !== 'integer')
      alts.push(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })));
    if (except !== 'boolean') alts.push(fc.boolean());
    if (except !== 'array') alts.push(fc.array(fc.string({ maxLength: 5 }), { maxLength: 3 }));
    if (except !== 'object') alts.push(fc.constant({ nested: { deep: ['x'] } }));
    if (!nullOk) alts.push(fc.constant(null));
  };
  switch (s.type) {
    case 'string': {
      wrongTypes('string');
      if (s.maxLength !== undefined)
        alts.push(fc.integer({ min: s.maxLength + 1, max: s.maxLength + 5000 }).map((n) => 'é'.repeat(n)));
      if (s.minLength !== undefined && s.minLength > 0) alts.push(fc.constant('x'.repeat(s.minLength - 1)));
      if (s.enum?.length) alts.push(fc.constantFrom('NOT_IN_ENUM', String(s.enum[0]).toUpperCase() + 'X', '', ' '));
      if (s.format === 'email')
        alts.push(fc.constantFrom('no-at-sign', 'a@', '@b.test', 'a b@c.test', 'x'.repeat(300) + '@example.test'));
      if (s.format === 'uuid') alts.push(fc.constantFrom(...BAD_IDS.filter((v) => !/^[0-9a-f-]{36}$/.test(v))));
      if (s.format === 'date-time' || s.format === 'date')
        alts.push(fc.constantFrom('yesterday', '2026-13-45', '0000-00-00T99:99:99Z'));
      // Money is refused on meaning, not only on the pattern: a negative or over-precise amount is bad even if it parses.
      if (isMoney(name, s)) alts.push(fc.constantFrom(...BAD_MONEY, ...(/amount/i.test(name) ? BAD_AMOUNT_ONLY : [])));
      else if (s.pattern)
        alts.push(
          fc.constantFrom(...notMatching(s.pattern, ['', ' ', '!!', 'x'.repeat(200), '😀', '<b>', '-1', '1.5.5'])),
        );
      break;
    }
    case 'integer':
    case 'number':
      wrongTypes(s.type);
      alts.push(fc.constantFrom('1', '1.00'));
      if (s.type === 'integer') alts.push(fc.constantFrom(1.5, 0.1));
      if (typeof s.minimum === 'number') alts.push(fc.constant(s.minimum - 1));
      if (typeof s.maximum === 'number') alts.push(fc.constant(s.maximum + 1));
      break;
    case 'boolean':
      wrongTypes('boolean');
      alts.push(fc.constantFrom('true', 1, 0, 'yes'));
      break;
    case 'array':
      wrongTypes('array');
      if (s.maxItems !== undefined) alts.push(fc.constant(Array.from({ length: s.maxItems + 1 }, () => 'x')));
      break;
    case 'object':
      wrongTypes('object');
      break;
    default:
      return null; // no type: any JSON value may be valid
  }
  return alts.length ? fc.oneof(...alts) : null;
}

function bodyFields(doc: OpenApiDoc, op: Operation) {
  const s = op.body ? resolve(doc, op.body.schema) : undefined;
  return { schema: s, fields: Object.entries(s?.properties ?? {}), required: s?.required ?? [] };
}

export function invalidMutations(doc: OpenApiDoc, op: Operation): fc.Arbitrary<Mutation> | null {
  const alts: fc.Arbitrary<Mutation>[] = [];
  const { schema, fields, required } = bodyFields(doc, op);
  if (op.body) {
    alts.push(fc.constantFrom(...NOT_JSON).map((raw) => ({ kind: 'raw-body' as const, raw })));
    if (schema?.type === 'object')
      alts.push(fc.constantFrom(...WRONG_JSON_ROOT).map((raw) => ({ kind: 'raw-body' as const, raw })));
    if (required.length) alts.push(fc.constantFrom(...required).map((field) => ({ kind: 'missing' as const, field })));
    for (const [field, fs] of fields) {
      const bad = invalidValues(doc, fs, field);
      if (bad)
        alts.push(
          fc
            .tuple(bad, fc.option(fc.constantFrom(...EXTRA_FIELDS), { nil: undefined }))
            .map(([value, extra]) => ({ kind: 'field' as const, field, value, extra })),
        );
    }
  }
  for (const p of op.parameters.filter((x) => x.in === 'query')) {
    const s = resolve(doc, p.schema);
    const bad: string[] = [];
    if (s.enum?.length) bad.push('NOT_IN_ENUM', '');
    if (s.maxLength !== undefined) bad.push('q'.repeat(s.maxLength + 1));
    if (s.type === 'integer' || s.type === 'number') bad.push('abc', '1e999', '--1');
    if (s.type === 'integer') bad.push('1.5');
    if (typeof s.minimum === 'number') bad.push(String(s.minimum - 1));
    if (typeof s.maximum === 'number') bad.push(String(s.maximum + 1));
    if (s.format === 'uuid') bad.push('not-a-uuid');
    if (bad.length)
      alts.push(fc.constantFrom(...bad).map((value) => ({ kind: 'query' as const, name: p.name, value })));
  }
  for (const p of op.parameters.filter((x) => x.in === 'path')) {
    alts.push(fc.constantFrom(...BAD_IDS).map((value) => ({ kind: 'path' as const, name: p.name, value })));
  }
  return alts.length ? fc.oneof(...alts) : null;
}

export function hostileMutations(doc: OpenApiDoc, op: Operation): fc.Arbitrary<Mutation> | null {
  const alts: fc.Arbitrary<Mutation>[] = [];
  const { fields } = bodyFields(doc, op);
  const hostile = fc.oneof(
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.string({ unit: 'binary', maxLength: 200 }),
    fc.string({ unit: 'grapheme', maxLength: 200 }),
  );
  if (op.body) {
    alts.push(fc.constantFrom(...EXTRA_FIELDS).map((extra) => ({ kind: 'extra-only' as const, extra })));
    for (const [field, fs] of fields) {
      const s = resolve(doc, fs);
      if (s.type === 'string' || s.type === undefined)
        alts.push(hostile.map((value) => ({ kind: 'field' as const, field, value })));
    }
  }
  for (const p of op.parameters.filter((x) => x.in === 'query' || x.in === 'path')) {
    alts.push(
      hostile.map((value) => ({ kind: p.in === 'path' ? ('path' as const) : ('query' as const), name: p.name, value })),
    );
  }
  return alts.length ? fc.oneof(...alts) : null;
}

/** Always-run examples: a NUL byte and a 100,000-character string in every text input. */
export function hostileExamples(doc: OpenApiDoc, op: Operation): Mutation[] {
  const out: Mutation[] = [];
  for (const value of ['nul\u0000inside', 'x'.repeat(100_000)]) {
    for (const [field, fs] of bodyFields(doc, op).fields) {
      const s = resolve(doc, fs);
      if (s.type === 'string' || s.type === undefined) out.push({ kind: 'field', field, value });
    }
    for (const p of op.parameters.filter((x) => x.in === 'query' || x.in === 'path'))
      out.push({ kind: p.in === 'path' ? 'path' : 'query', name: p.name, value });
  }
  return out;
}

export function describeMutation(m: Mutation): string {
  const short = (v: unknown) => {
    const s = JSON.stringify(v) ?? String(v);
    return s.length > 80 ? `${s.slice(0, 80)}… (${s.length} chars)` : s;
  };
  switch (m.kind) {
    case 'raw-body':
      return `raw body ${short(m.raw)}`;
    case 'deep':
      return `body.${m.path.join('.')} = ${short(m.value)}`;
    case 'missing':
      return `body without "${m.field}"`;
    case 'field':
      return `body.${m.field} = ${short(m.value)}${m.extra ? ` + extra ${short(m.extra)}` : ''}`;
    case 'extra-only':
      return `extra fields ${short(m.extra)}`;
    case 'query':
      return `?${m.name}=${short(m.value)}`;
    case 'path':
      return `path {${m.name}} = ${short(m.value)}`;
  }
}

// ------------------------------------------------------------------------------------------------
// Values no date, number or amount field may take (platform/http/fields.ts): each must be a 400 that
// names the field. The fields come from the OpenAPI document, so a new route's fields are covered.

/** Days that do not exist, and days outside 1900-2100 (a deadline in 9999 is a typing mistake). */
export const IMPOSSIBLE_DATES = [
  '2026-02-30',
  '2025-02-29',
  '2026-04-31',
  '0000-01-01',
  '2026-13-01',
  '2026-00-10',
  '1899-12-31',
  '2101-01-01',
  '9999-12-31',
  '20260101',
  '2026-1-1',
  'yesterday',
  '2026-02-28T00:00:00Z',
];
/** Amounts no column holds or no asset has: overflow, more than 18 decimals, signs, exponents, NaN-ish, separators. */
export const IMPOSSIBLE_AMOUNTS = [
  '999999999999999999999999',
  '1000000000000000',
  '0.0000000000000000001',
  '-1',
  '-0.01',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e3',
  '0x10',
  '.5',
  '5.',
  '1.2.3',
  '１.００',
  'abc',
];
const IMPOSSIBLE_NUMBERS: unknown[] = ['NaN', 'abc', '12', null, true];
const IMPOSSIBLE_QUERY_NUMBERS = ['NaN', 'abc', '1e999', '--1'];

export interface BoundaryCase {
  field: string;
  mutation: Mutation;
}

/** A money string: its pattern takes a plain decimal and no words (cursors, PINs, invoice numbers do not), or it has none and is named like money. */
export function isAmountField(name: string, s: Schema): boolean {
  if (s.type !== 'string' || s.format || s.enum) return false;
  if (!s.pattern) return /amount|price|limit$/i.test(name);
  const re = new RegExp(s.pattern);
  return re.test('12.5') && !re.test('abc');
}

/** A calendar date: format date, or a pattern that takes a day and no words, or named like one (a route that forgot the format is still covered). */
export function isDateField(name: string, s: Schema): boolean {
  if (s.type !== 'string' || s.enum) return false;
  if (s.format) return s.format === 'date';
  if (s.pattern) return new RegExp(s.pattern).test('2026-01-31') && !new RegExp(s.pattern).test('abc');
  return /date|deadline/i.test(name);
}

/** What each kind of field must refuse; empty for other fields. */
function impossibleValues(name: string, s: Schema, where: 'body' | 'query'): unknown[] {
  if (isDateField(name, s)) return IMPOSSIBLE_DATES;
  if (isAmountField(name, s)) return IMPOSSIBLE_AMOUNTS;
  if (s.type !== 'integer' && s.type !== 'number') return [];
  const bounded = [
    ...(typeof s.minimum === 'number' && s.minimum >= 0 ? [-1] : []),
    ...(s.type === 'integer' || typeof s.maximum === 'number' ? [1e21] : []),
  ];
  return where === 'query'
    ? [...IMPOSSIBLE_QUERY_NUMBERS, ...bounded.map(String)]
    : [...IMPOSSIBLE_NUMBERS.filter((v) => !(v === null && s.nullable)), ...bounded];
}

/** Body fields (nested objects and the first element of arrays) as paths with their schemas. */
function bodyLeaves(
  doc: OpenApiDoc,
  raw: Schema | undefined,
  path: (string | number)[] = [],
): { path: (string | number)[]; schema: Schema }[] {
  const s = resolve(doc, raw);
  const alternative = (s.anyOf ?? s.oneOf)?.map((x) => resolve(doc, x)).find((x) => x.type);
  if (alternative && !s.type) return bodyLeaves(doc, { ...alternative, nullable: true }, path);
  if (s.type === 'object')
    return Object.entries(s.properties ?? {}).flatMap(([k, v]) => bodyLeaves(doc, v, [...path, k]));
  if (s.type === 'array' && path.length) return bodyLeaves(doc, s.items, [...path, 0]);
  return path.length ? [{ path, schema: s }] : [];
}

/** Every impossible date, number and amount of every date, number and amount field of an operation. */
export function boundaryCases(doc: OpenApiDoc, op: Operation): BoundaryCase[] {
  const cases: BoundaryCase[] = [];
  for (const leaf of op.body ? bodyLeaves(doc, op.body.schema) : []) {
    const name = String(leaf.path.filter((p) => typeof p === 'string').at(-1));
    for (const value of impossibleValues(name, leaf.schema, 'body'))
      cases.push({ field: leaf.path.join('.'), mutation: { kind: 'deep', path: leaf.path, value } });
  }
  for (const p of op.parameters.filter((x) => x.in === 'query')) {
    for (const value of impossibleValues(p.name, resolve(doc, p.schema), 'query'))
      cases.push({ field: p.name, mutation: { kind: 'query', name: p.name, value: String(value) } });
  }
  return cases;
}
