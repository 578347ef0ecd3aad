import { createTestApp } from '../../src/app.js';
import { defaultParams, defaultQuery, fillPath, sample, type OpenApiDoc, type Operation } from './openapi.js';
import type { SecurityParty, SecurityRequest } from './fixtures.js';

export interface CallResult {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

export type App = ReturnType<typeof createTestApp>;

/** Builds the real request for an operation (fixture values first, schema samples otherwise) and sends it. */
export async function callOperation(
  app: App,
  doc: OpenApiDoc,
  op: Operation,
  req: SecurityRequest,
  caller: SecurityParty | null,
  extra: { headers?: Record<string, string>; rawBody?: string } = {},
): Promise<CallResult> {
  const params = { ...defaultParams(doc, op), ...req.params };
  const query = { ...defaultQuery(doc, op), ...req.query };
  const qs = new URLSearchParams(query).toString();
  const url = fillPath(op.path, params) + (qs ? `?${qs}` : '');
  const headers: Record<string, string> = {
    ...(caller?.headers ?? {}),
    ...(req.headers ?? {}),
    ...(extra.headers ?? {}),
  };
  let body: string | FormData | undefined;
  if (extra.rawBody !== undefined) body = extra.rawBody;
  else if (req.form !== undefined) {
    // a multipart upload (the fetch API writes its content-type with the boundary)
    const form = new FormData();
    for (const [k, v] of Object.entries(req.form)) form.append(k, v);
    body = form;
  } else if (req.body !== undefined) body = JSON.stringify(req.body);
  else if (op.body && op.method !== 'GET') body = JSON.stringify(sample(doc, op.body.schema));
  if (typeof body === 'string') headers['content-type'] ??= 'application/json';
  const res = await app.request(url, { method: op.method, headers, body });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** The error envelope of docs/decisions.md: { error: string, code: string, details? }. */
export function isErrorEnvelope(json: unknown): boolean {
  if (!json || typeof json !== 'object') return false;
  const o = json as Record<string, unknown>;
  return typeof o.error === 'string' && o.error.length > 0 && typeof o.code === 'string' && /^[A-Z_]+$/.test(o.code);
}

/** Security headers every response must carry (CSP with frame-ancestors, nosniff, referrer policy). */
export function securityHeaderProblems(headers: Headers): string[] {
  const problems: string[] = [];
  const csp = headers.get('content-security-policy') ?? '';
  if (!/default-src 'self'/.test(csp)) problems.push(`CSP lacks default-src 'self': "${csp}"`);
  // 'self', plus on the shell's page the one inline early script by its hash (shell-html.test.ts checks the hash)
  if (!/script-src 'self'( 'sha256-[A-Za-z0-9+/]{43}=')?(;|$)/.test(csp))
    problems.push(`CSP script-src is not exactly 'self' (and the early script's hash): "${csp}"`);
  if (!/frame-ancestors 'none'/.test(csp)) problems.push(`CSP lacks frame-ancestors 'none'`);
  if (!/object-src 'none'/.test(csp)) problems.push(`CSP lacks object-src 'none'`);
  if (headers.get('x-content-type-options') !== 'nosniff') problems.push('X-Content-Type-Options is not nosniff');
  if (headers.get('referrer-policy') !== 'strict-origin-when-cross-origin')
    problems.push(`Referrer-Policy is "${headers.get('referrer-policy')}"`);
  if (headers.get('x-frame-options') !== 'DENY') problems.push('X-Frame-Options is not DENY');
  if (headers.get('cross-origin-resource-policy') !== 'same-origin')
    problems.push('Cross-Origin-Resource-Policy is not same-origin');
  return problems;
}
