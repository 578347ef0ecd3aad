import type pg from 'pg';
import { definitionsCatalog, tablesCatalog } from './catalog.queries.js';

/**
 * The public schema as the catalog prints it, one entry per object: `<kind> <name>` -> definition.
 * Read to compare a database with prisma/sql (sql-definitions.ts) and two servers' migrated databases
 * with each other (PostgreSQL 15 and 18: postgres-versions.test.ts). Objects an extension owns are
 * left out (catalog.sql).
 */
const read = async (client: pg.ClientBase, query: typeof definitionsCatalog | typeof tablesCatalog) =>
  new Map((await query.run(undefined, client)).map((r) => [r.object, r.definition]));

/** Every function, trigger and view of the public schema with its definition. */
export const readDefinitionsCatalog = (client: pg.ClientBase) => read(client, definitionsCatalog);

/** The whole public schema: readDefinitionsCatalog plus enums, columns, constraints, indexes, sequences, extensions. */
export async function readSchemaCatalog(client: pg.ClientBase): Promise<Map<string, string>> {
  return new Map([...(await read(client, tablesCatalog)), ...(await readDefinitionsCatalog(client))]);
}

/** One line per object that differs between two catalogs (missing on a side, or defined otherwise). */
export function catalogDifferences(
  a: Map<string, string>,
  b: Map<string, string>,
  [nameA, nameB]: [string, string],
): string[] {
  const out: string[] = [];
  for (const [object, definition] of a) {
    if (!b.has(object)) out.push(`${object}: only in ${nameA}`);
    else if (b.get(object) !== definition)
      out.push(`${object}: ${nameA} ${JSON.stringify(definition)} / ${nameB} ${JSON.stringify(b.get(object))}`);
  }
  for (const object of b.keys()) if (!a.has(object)) out.push(`${object}: only in ${nameB}`);
  return out.sort();
}
