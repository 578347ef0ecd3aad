/**
 * The API's own description, read the way an attacker would: every operation of /api/openapi.json
 * with its declared access ('x-access', docs/decisions.md "Who may call what"), its parameters and
 * its JSON body schema. Used by the authorization matrix and the malformed-input suite so that a
 * route added later is covered without anyone writing a case for it.
 */
import crypto from 'node:crypto';
import { createTestApp } from '../../src/app.js';

export type Access = 'public' | 'user' | 'owner' | 'admin';
export const ACCESS_LEVELS: readonly Access[] = ['public', 'user', 'owner', 'admin'];

export interface Schema {
  $ref?: string;
  type?: string;
  format?: string;
  enum?: unknown[];
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  nullable?: boolean;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  oneOf?: Schema[];
  anyOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
  example?: unknown;
  const?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Schema;
}

export interface Operation {
  /** "POST /api/wallet/transfers": the key fixtures use. */
  key: string;
  method: string;
  /** OpenAPI path with {param} placeholders. */
  path: string;
  access: Access | undefined;
  /** 'directory': the answer may list other users' directory entries (id, full_name, username, avatar_url). */
  reveals: string | undefined;
  parameters: Parameter[];
  body?: { required: boolean; schema: Schema };
  /** 2xx status codes the operation documents. */
  successCodes: number[];
}

export interface OpenApiDoc {
  paths: Record<
    string,
    Record<
      string,
      {
        'x-access'?: string;
        'x-development-only'?: boolean;
        'x-reveals'?: string;
        parameters?: Parameter[];
        requestBody?: { required?: boolean; content?: Record<string, { schema?: Schema }> };
        responses?: Record<string, unknown>;
      }
    >
  >;
  components?: { schemas?: Record<string, Schema> };
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The OpenAPI document exactly as the API serves it (every module mounted). */
export async function loadOpenApi(): Promise<OpenApiDoc> {
  const res = await createTestApp().request('/api/openapi.json');
  if (res.status !== 200) throw new Error(`/api/openapi.json answered ${res.status}`);
  return (await res.json()) as OpenApiDoc;
}

export function listOperations(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [p, item] of Object.entries(doc.paths)) {
    for (const [m, op] of Object.entries(item)) {
      if (!METHODS.includes(m)) continue;
      // a development-only route (the outbox) is no part of production's surface: it answers 404 there
      if (op['x-development-only'] && process.env.NODE_ENV === 'production') continue;
      const json = op.requestBody?.content?.['application/json']?.schema;
      ops.push({
        key: `${m.toUpperCase()} ${p}`,
        method: m.toUpperCase(),
        path: p,
        access: op['x-access'] as Access | undefined,
        reveals: op['x-reveals'],
        parameters: op.parameters ?? [],
        body: json ? { required: op.requestBody?.required === true, schema: json } : undefined,
        successCodes: Object.keys(op.responses ?? {})
          .map(Number)
          .filter((c) => c >= 200 && c < 300),
      });
    }
  }
  return ops.sort((a, b) => a.key.localeCompare(b.key));
}

/** Follows $ref and merges allOf, so callers see one plain schema. */
export function resolve(doc: OpenApiDoc, s: Schema | undefined, depth = 0): Schema {
  if (!s || depth > 20) return {};
  if (s.$ref) return resolve(doc, doc.components?.schemas?.[s.$ref.split('/').pop()!], depth + 1);
  if (s.allOf) {
    const merged: Schema = { ...s, allOf: undefined };
    for (const part of s.allOf.map((x) => resolve(doc, x, depth + 1))) {
      Object.assign(merged, part, {
        properties: { ...merged.properties, ...part.properties },
        required: [...(merged.required ?? []), ...(part.required ?? [])],
      });
    }
    return merged;
  }
  return s;
}

/** A field that carries money (docs/decisions.md: decimal strings), by pattern or by name. */
export function isMoney(name: string, s: Schema): boolean {
  if (s.type !== 'string' && s.type !== undefined) return false;
  const p = s.pattern ?? '';
  return /amount|price|balance|limit|fee|goal|budget/i.test(name) || (p.includes('\\d') && p.includes('\\.'));
}

/** A valid value for the schema (what a careful client would send). */
export function sample(doc: OpenApiDoc, raw: Schema | undefined, name = ''): unknown {
  const s = resolve(doc, raw);
  if (s.example !== undefined) return s.example;
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  if (s.default !== undefined) return s.default;
  const alt = s.oneOf ?? s.anyOf;
  if (alt?.length) return sample(doc, alt[0], name);
  switch (s.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(s.properties ?? {})) out[k] = sample(doc, v, k);
      return out;
    }
    case 'array':
      return Array.from({ length: s.minItems ?? 1 }, () => sample(doc, s.items, name));
    case 'integer':
      return Math.max(s.minimum ?? 1, 1);
    case 'number':
      return Math.max(s.minimum ?? 1, 1);
    case 'boolean':
      return true;
    case 'string': {
      if (s.format === 'email' || /email/i.test(name))
        return `security-probe-${crypto.randomBytes(3).toString('hex')}@example.test`;
      if (s.format === 'uuid') return crypto.randomUUID();
      if (s.format === 'date-time') return new Date().toISOString();
      if (s.format === 'date') return new Date().toISOString().slice(0, 10);
      if (s.format === 'uri' || s.format === 'url') return 'https://example.test/x';
      if (/^pin$|_pin$|Pin$/.test(name)) return '1234';
      if (isMoney(name, s)) return '1.00';
      if (s.pattern) {
        const candidates = ['1.00', '1234', 'USD', 'ABC.svg', 'USD.svg', 'abc', 'a1', '1'];
        const hit = candidates.find((c) => new RegExp(s.pattern!).test(c));
        if (hit) return hit;
      }
      return 'x'.repeat(Math.max(s.minLength ?? 1, 1));
    }
    default:
      return 'x';
  }
}

/** Fills {param} placeholders (values URL-encoded). */
export function fillPath(p: string, params: Record<string, string>): string {
  const enc = (v: string) => {
    try {
      return encodeURIComponent(v);
    } catch {
      // a lone surrogate cannot be UTF-8 encoded: send invalid UTF-8 bytes instead, as a raw client could
      return '%ED%A0%80%FF' + encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, ''));
    }
  };
  return p.replace(/\{([^}]+)\}/g, (_, k: string) => enc(params[k] ?? 'missing'));
}

/** Placeholder values for path parameters a fixture did not give. */
export function defaultParams(doc: OpenApiDoc, op: Operation): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of op.parameters.filter((x) => x.in === 'path')) out[p.name] = String(sample(doc, p.schema, p.name));
  return out;
}

export function defaultQuery(doc: OpenApiDoc, op: Operation): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of op.parameters.filter((x) => x.in === 'query' && x.required))
    out[p.name] = String(sample(doc, p.schema, p.name));
  return out;
}
