// `pnpm --filter @portal/api generate:api-types [--check]`: turns the OpenAPI document the API
// serves into the web clients' request/response types (shared-ui/src/api-types/openapi.gen.ts), so
// no client hand-copies an API type. --check exits 1 when the committed file is out of date.
// Building the app opens no database connection (the pool is created on first query), so this
// runs without PostgreSQL.
import path from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { writeOrCheck } from './generated-file.js';

// The in-process request below would otherwise print a request-log line.
process.env.LOG_LEVEL ??= 'silent';
const { buildApp } = await import('../src/app.js');
const { repoRoot } = await import('../src/platform/config.js');
const { MODULES } = await import('../src/modules/index.js');

const target = path.join(repoRoot, 'shared-ui', 'src', 'api-types', 'openapi.gen.ts');

const HEADER = `// Generated from the API's OpenAPI document (/api/openapi.json): do not edit.
// Regenerate after changing a route's zod schemas: pnpm --filter @portal/api generate:api-types
`;

async function generate(): Promise<string> {
  // Every module, whatever MODULES says in this shell: the types cover the whole API.
  const app = buildApp({ modules: Object.keys(MODULES) });
  const response = await app.request('/api/openapi.json');
  if (!response.ok) throw new Error(`GET /api/openapi.json answered ${response.status}`);
  const ast = await openapiTS((await response.json()) as OpenAPI3);
  return HEADER + '\n' + astToString(ast);
}

writeOrCheck(target, await generate(), { root: repoRoot, regenerate: 'pnpm --filter @portal/api generate:api-types' });
