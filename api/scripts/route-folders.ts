// Which folder serves each operation of the OpenAPI document: the rule of docs/decisions.md "One
// module shape" read off the code. The module folder test (src/modules/folders.test.ts) holds every
// operation to it and the route table (docs/routes.md, scripts/route-table.ts) lists it.
//
// An operation is registered by modules/<area>/index.ts from a route definition (createRoute) and a
// handler. Where each comes from is learnt from the files themselves: every modules/**/routes.ts is
// imported and its exported route definitions read (method + path), every modules/**/handlers.ts is
// imported and its exported functions compared with the handler the module's router registered.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { MODULES } from '../src/modules/index.js';

export const modulesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/modules');

export interface Operation {
  method: string;
  /** as the OpenAPI document writes it: /api/<mount>/... with {params} */
  path: string;
}

export interface OperationFolders extends Operation {
  mount: string;
  /** the module's folder under modules/ (its mount name unless MODULES says otherwise) */
  moduleFolder: string;
  /** folders (relative to modules/) whose routes.ts exports a definition of this operation */
  routeFolders: string[];
  /** folders whose handlers.ts exports the registered handler */
  handlerFolders: string[];
  /** the folder names the path allows (see folderNames) */
  allowed: string[];
}

/** An operation of the document: [method, /api/...] for each path and method. */
export function operationsOf(doc: { paths: Record<string, Record<string, unknown>> }): Operation[] {
  return Object.entries(doc.paths).flatMap(([p, ops]) =>
    Object.keys(ops).map((m) => ({ method: m.toUpperCase(), path: p })),
  );
}

/**
 * The sub-folders a path may be served from: each literal segment after /api/<mount> (a file
 * extension dropped: /transactions.csv -> transactions), also as a plural folder (/like -> likes,
 * /canary -> canaries);
 * and the module's own name when the path addresses the module's own collection (the root, or a
 * first segment that is a parameter: /api/invoices/{id}/pay).
 */
export function folderNames(mount: string, rest: string): string[] {
  const segments = rest.split('/').filter(Boolean);
  const literal = segments.filter((s) => !s.startsWith('{')).map((s) => s.replace(/\.[a-z]+$/, ''));
  const own = segments.length === 0 || segments[0]!.startsWith('{') ? [mount] : [];
  return [...new Set([...own, ...literal, ...literal.filter((s) => !s.endsWith('s')).map(plural)])];
}

/** English plural of a segment: like -> likes, canary -> canaries (a vowel before the y keeps it: day -> days). */
function plural(segment: string): string {
  return /[^aeiou]y$/.test(segment) ? `${segment.slice(0, -1)}ies` : `${segment}s`;
}

const walk = (dir: string): string[] =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));

const folderOf = (file: string) => path.relative(modulesDir, path.dirname(file)).split(path.sep).join('/');

interface RouteDefinition {
  method: string;
  path: string;
}
const isRouteDefinition = (v: unknown): v is RouteDefinition =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as RouteDefinition).method === 'string' &&
  typeof (v as RouteDefinition).path === 'string' &&
  'responses' in v;

/** Hono writes {id} as :id. */
const honoPath = (p: string) => p.replace(/\{([^}]+)\}/g, ':$1');

export async function operationFolders(operations: Operation[]): Promise<OperationFolders[]> {
  const files = walk(modulesDir);
  const definitions = new Map<string, string[]>();
  for (const file of files.filter((f) => path.basename(f) === 'routes.ts')) {
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const value of Object.values(mod).filter(isRouteDefinition)) {
      const key = `${folderOf(file).split('/')[0]} ${value.method.toUpperCase()} ${honoPath(value.path)}`;
      definitions.set(key, [...(definitions.get(key) ?? []), folderOf(file)]);
    }
  }
  const handlers = new Map<unknown, string[]>();
  for (const file of files.filter((f) => path.basename(f) === 'handlers.ts')) {
    const mod = (await import(pathToFileURL(file).href)) as Record<string, unknown>;
    for (const value of Object.values(mod))
      if (typeof value === 'function') handlers.set(value, [...(handlers.get(value) ?? []), folderOf(file)]);
  }
  return operations.flatMap((op) => {
    const mount = op.path.split('/')[2]!;
    const module = MODULES[mount];
    if (!module) return [];
    const moduleFolder = module.folder ?? mount;
    const rest = op.path.slice(`/api/${mount}`.length) || '/';
    // The handler is the last of the route's handlers (middleware and validators come first).
    const registered = module.router.routes
      .filter((r) => r.method === op.method && r.path === honoPath(rest))
      .at(-1)?.handler;
    return [
      {
        ...op,
        mount,
        moduleFolder,
        routeFolders: definitions.get(`${moduleFolder} ${op.method} ${honoPath(rest)}`) ?? [],
        handlerFolders: (registered && handlers.get(registered)) || [],
        allowed: folderNames(mount, rest).map((name) => `${moduleFolder}/${name}`),
      },
    ];
  });
}
