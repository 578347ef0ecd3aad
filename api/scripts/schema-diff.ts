/**
 * Compares what the migrations built (PostgreSQL catalog) with what schema.prisma says (DMMF from
 * @prisma/prisma-schema-wasm, the same engine build as prisma 7.10.0): tables, columns, types,
 * nullability, enums and their values, primary keys, unique constraints, foreign keys (with their
 * ON DELETE action). Returns one human-readable line per difference.
 *
 * Not compared: defaults, CHECK constraints, plain indexes, ON UPDATE actions, and nullability of
 * list columns (Prisma cannot express it).
 */
import { createRequire } from 'node:module';
import type pg from 'pg';

const require = createRequire(import.meta.url);
const wasm = require('@prisma/prisma-schema-wasm') as { get_dmmf(params: string): string };

interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: 'scalar' | 'enum' | 'object' | 'unsupported';
  type: string;
  isList: boolean;
  isRequired: boolean;
  isUnique: boolean;
  isId: boolean;
  nativeType?: [string, string[]] | null;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
}
interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
  primaryKey: { fields: string[] } | null;
  uniqueFields: string[][];
}
interface DmmfEnum {
  name: string;
  dbName?: string | null;
  values: { name: string; dbName: string | null }[];
}

/** Normalised description of a schema, produced from either side. */
export interface SchemaShape {
  enums: Map<string, string[]>;
  /** table -> column -> { type, nullable } */
  tables: Map<string, Map<string, { type: string; nullable: boolean | null }>>;
  primaryKeys: Map<string, string>;
  uniques: Set<string>;
  foreignKeys: Set<string>;
}

const key = (table: string, cols: string[]) => `${table}(${[...cols].sort().join(', ')})`;

function prismaType(f: DmmfField, enumName: (n: string) => string): string {
  if (f.kind === 'enum') return enumName(f.type);
  const [native, args = []] = f.nativeType ?? [undefined, []];
  switch (f.type) {
    case 'String':
      return native === 'Uuid'
        ? 'uuid'
        : native === 'VarChar'
          ? `character varying(${args[0] ?? ''})`
          : native === 'Citext'
            ? 'citext'
            : 'text';
    case 'Int':
      return 'integer';
    case 'BigInt':
      return 'bigint';
    case 'Boolean':
      return 'boolean';
    case 'Float':
      return 'double precision';
    case 'Json':
      return native === 'Json' ? 'json' : 'jsonb';
    case 'Bytes':
      return 'bytea';
    case 'Decimal':
      return `numeric(${args[0] ?? 65},${args[1] ?? 30})`;
    case 'DateTime':
      if (native === 'Date') return 'date';
      if (native === 'Timestamptz') return `timestamp with time zone(${args[0] ?? 6})`;
      return `timestamp without time zone(${args[0] ?? 3})`;
    default:
      return `unknown:${f.type}`;
  }
}

/** `x Unsupported("tsvector")? @map("x")` columns: the DMMF leaves them out, the schema text has them. */
function addUnsupportedColumns(schema: string, models: DmmfModel[], shape: SchemaShape) {
  for (const block of schema.matchAll(/^model (\w+) \{([\s\S]*?)^\}/gm)) {
    const model = models.find((m) => m.name === block[1]);
    const cols = model && shape.tables.get(model.dbName ?? model.name);
    if (!cols) continue;
    for (const f of block[2]!.matchAll(/^\s*(\w+)\s+Unsupported\("([^"]+)"\)(\?)?([^\n]*)$/gm)) {
      const mapped = /@map\("([^"]+)"\)/.exec(f[4]!)?.[1];
      cols.set(mapped ?? f[1]!, { type: f[2]!, nullable: f[3] === '?' });
    }
  }
}

export function shapeFromPrisma(schema: string): SchemaShape {
  const dmmf = JSON.parse(wasm.get_dmmf(JSON.stringify({ prismaSchema: schema }))) as {
    datamodel: { models: DmmfModel[]; enums: DmmfEnum[] };
  };
  const { models, enums } = dmmf.datamodel;
  const enumName = (n: string) => {
    const e = enums.find((x) => x.name === n);
    return e?.dbName ?? n;
  };
  const shape: SchemaShape = {
    enums: new Map(),
    tables: new Map(),
    primaryKeys: new Map(),
    uniques: new Set(),
    foreignKeys: new Set(),
  };
  for (const e of enums)
    shape.enums.set(
      e.dbName ?? e.name,
      e.values.map((v) => v.dbName ?? v.name),
    );

  const tableOf = (m: DmmfModel) => m.dbName ?? m.name;
  const column = (m: DmmfModel, field: string) => {
    const f = m.fields.find((x) => x.name === field);
    return f?.dbName ?? field;
  };
  for (const m of models) {
    const table = tableOf(m);
    const cols = new Map<string, { type: string; nullable: boolean | null }>();
    for (const f of m.fields) {
      if (f.kind === 'object') continue;
      const base = prismaType(f, enumName);
      cols.set(f.dbName ?? f.name, { type: f.isList ? `${base}[]` : base, nullable: f.isList ? null : !f.isRequired });
      if (f.isId) shape.primaryKeys.set(table, [f.dbName ?? f.name].join(', '));
      if (f.isUnique) shape.uniques.add(key(table, [f.dbName ?? f.name]));
    }
    shape.tables.set(table, cols);
    if (m.primaryKey) shape.primaryKeys.set(table, m.primaryKey.fields.map((f) => column(m, f)).join(', '));
    for (const u of m.uniqueFields)
      shape.uniques.add(
        key(
          table,
          u.map((f) => column(m, f)),
        ),
      );
    for (const f of m.fields) {
      if (f.kind !== 'object' || !f.relationFromFields?.length) continue;
      const target = models.find((x) => x.name === f.type)!;
      const from = f.relationFromFields.map((x) => column(m, x));
      const to = (f.relationToFields ?? []).map((x) => column(target, x));
      const required = f.relationFromFields.every((x) => m.fields.find((y) => y.name === x)?.isRequired);
      const onDelete = f.relationOnDelete ?? (required ? 'Restrict' : 'SetNull'); // Prisma's defaults
      shape.foreignKeys.add(
        `${table}(${from.join(', ')}) -> ${tableOf(target)}(${to.join(', ')}) ON DELETE ${onDelete}`,
      );
    }
  }
  addUnsupportedColumns(schema, models, shape);
  return shape;
}

const ON_DELETE: Record<string, string> = { a: 'NoAction', r: 'Restrict', c: 'Cascade', n: 'SetNull', d: 'SetDefault' };

export async function shapeFromDatabase(db: pg.ClientBase | pg.Pool, schemaName = 'public'): Promise<SchemaShape> {
  const shape: SchemaShape = {
    enums: new Map(),
    tables: new Map(),
    primaryKeys: new Map(),
    uniques: new Set(),
    foreignKeys: new Set(),
  };
  const enums = await db.query<{ name: string; values: string[] }>(
    `SELECT t.typname AS name, array_agg(e.enumlabel ORDER BY e.enumsortorder)::text[] AS values
       FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
      WHERE n.nspname = $1 GROUP BY t.typname`,
    [schemaName],
  );
  for (const r of enums.rows) shape.enums.set(r.name, r.values);

  const cols = await db.query<{ table_name: string; column_name: string; type: string; nullable: boolean }>(
    `SELECT c.relname AS table_name, a.attname AS column_name, NOT a.attnotnull AS nullable,
            CASE WHEN et.typname IS NOT NULL THEN base.t || '[]' ELSE base.t END AS type
       FROM pg_attribute a
       JOIN pg_class c ON c.oid = a.attrelid AND c.relkind = 'r'
       JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = $1
       JOIN pg_type ty ON ty.oid = a.atttypid
       LEFT JOIN pg_type et ON et.oid = ty.typelem AND ty.typcategory = 'A'
       CROSS JOIN LATERAL (SELECT CASE
            WHEN coalesce(et.typtype, ty.typtype) = 'e' THEN coalesce(et.typname, ty.typname)
            WHEN coalesce(et.typname, ty.typname) IN ('timestamptz', 'timestamp') THEN
              format_type(coalesce(et.oid, ty.oid), NULL) || '(' || CASE WHEN a.atttypmod < 0 THEN 6 ELSE a.atttypmod END || ')'
            WHEN coalesce(et.typname, ty.typname) = 'numeric' AND a.atttypmod < 0 THEN 'numeric'
            WHEN coalesce(et.typname, ty.typname) = 'numeric' THEN
              'numeric(' || ((a.atttypmod - 4) >> 16) || ',' || ((a.atttypmod - 4) & 65535) || ')'
            ELSE format_type(coalesce(et.oid, ty.oid), CASE WHEN et.oid IS NULL THEN a.atttypmod ELSE NULL END)
          END AS t) base
      WHERE a.attnum > 0 AND NOT a.attisdropped AND c.relname NOT IN ('_prisma_migrations', '_sql_definitions')`,
    [schemaName],
  );
  for (const r of cols.rows) {
    const t = shape.tables.get(r.table_name) ?? new Map();
    t.set(r.column_name, { type: r.type, nullable: r.type.endsWith('[]') ? null : r.nullable });
    shape.tables.set(r.table_name, t);
  }

  const cons = await db.query<{
    table_name: string;
    contype: string;
    cols: string[];
    ref_table: string | null;
    ref_cols: string[] | null;
    deltype: string;
  }>(
    `SELECT c.relname AS table_name, k.contype,
            (SELECT array_agg(a.attname ORDER BY x.i) FROM unnest(k.conkey) WITH ORDINALITY x(n, i) JOIN pg_attribute a ON a.attrelid = k.conrelid AND a.attnum = x.n)::text[] AS cols,
            rc.relname AS ref_table,
            (SELECT array_agg(a.attname ORDER BY x.i) FROM unnest(k.confkey) WITH ORDINALITY x(n, i) JOIN pg_attribute a ON a.attrelid = k.confrelid AND a.attnum = x.n)::text[] AS ref_cols,
            k.confdeltype AS deltype
       FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_namespace n ON n.oid = c.relnamespace
       LEFT JOIN pg_class rc ON rc.oid = k.confrelid
      WHERE n.nspname = $1 AND k.contype IN ('p', 'f') AND c.relname NOT IN ('_prisma_migrations', '_sql_definitions')`,
    [schemaName],
  );
  for (const r of cons.rows) {
    if (r.contype === 'p') shape.primaryKeys.set(r.table_name, r.cols.join(', '));
    else
      shape.foreignKeys.add(
        `${r.table_name}(${r.cols.join(', ')}) -> ${r.ref_table}(${r.ref_cols!.join(', ')}) ON DELETE ${ON_DELETE[r.deltype]}`,
      );
  }
  // Unique constraints and unique indexes alike (Prisma writes indexes, hand SQL often constraints).
  const uniq = await db.query<{ table_name: string; cols: string[] }>(
    `SELECT c.relname AS table_name,
            (SELECT array_agg(a.attname ORDER BY x.i) FROM unnest(i.indkey::int2[]) WITH ORDINALITY x(n, i) JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = x.n)::text[] AS cols
       FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = $1 AND i.indisunique AND NOT i.indisprimary AND i.indpred IS NULL AND 0 <> ALL (i.indkey::int2[])`,
    [schemaName],
  );
  for (const r of uniq.rows) shape.uniques.add(key(r.table_name, r.cols));
  return shape;
}

/** Lines like "column users.phone: type text in migrations, integer in schema.prisma". */
export function diffShapes(db: SchemaShape, prisma: SchemaShape): string[] {
  const out: string[] = [];
  const M = 'migrations',
    P = 'schema.prisma';
  for (const [name, values] of prisma.enums) {
    const dbValues = db.enums.get(name);
    if (!dbValues) out.push(`enum ${name}: missing in ${M}`);
    else if (dbValues.join(',') !== values.join(','))
      out.push(`enum ${name}: values [${dbValues.join(', ')}] in ${M}, [${values.join(', ')}] in ${P}`);
  }
  for (const name of db.enums.keys()) if (!prisma.enums.has(name)) out.push(`enum ${name}: missing in ${P}`);
  for (const [table, cols] of prisma.tables) {
    const dbCols = db.tables.get(table);
    if (!dbCols) {
      out.push(`table ${table}: missing in ${M}`);
      continue;
    }
    for (const [col, spec] of cols) {
      const d = dbCols.get(col);
      if (!d) {
        out.push(`column ${table}.${col}: missing in ${M}`);
        continue;
      }
      if (d.type !== spec.type) out.push(`column ${table}.${col}: type ${d.type} in ${M}, ${spec.type} in ${P}`);
      if (spec.nullable !== null && d.nullable !== spec.nullable)
        out.push(
          `column ${table}.${col}: ${d.nullable ? 'nullable' : 'NOT NULL'} in ${M}, ${spec.nullable ? 'nullable' : 'required'} in ${P}`,
        );
    }
    for (const col of dbCols.keys()) if (!cols.has(col)) out.push(`column ${table}.${col}: missing in ${P}`);
  }
  for (const table of db.tables.keys()) if (!prisma.tables.has(table)) out.push(`table ${table}: missing in ${P}`);
  for (const [table, pk] of prisma.primaryKeys) {
    if (db.tables.has(table) && db.primaryKeys.get(table) !== pk)
      out.push(`primary key ${table}: (${db.primaryKeys.get(table) ?? 'none'}) in ${M}, (${pk}) in ${P}`);
  }
  const sets: [string, Set<string>, Set<string>][] = [
    ['unique', db.uniques, prisma.uniques],
    ['foreign key', db.foreignKeys, prisma.foreignKeys],
  ];
  for (const [kind, inDb, inPrisma] of sets) {
    for (const k of inPrisma) if (!inDb.has(k)) out.push(`${kind} ${k}: missing in ${M}`);
    for (const k of inDb) if (!inPrisma.has(k)) out.push(`${kind} ${k}: missing in ${P}`);
  }
  return out;
}
