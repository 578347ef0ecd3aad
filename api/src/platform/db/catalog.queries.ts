// Generated from catalog.sql and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: pnpm --filter @portal/api generate:sql-types
import { PreparedQuery } from './typed-sql.js';

/** 'DefinitionsCatalog' parameters type */
export type IDefinitionsCatalogParams = void;

/** 'DefinitionsCatalog' return type */
export interface IDefinitionsCatalogResult {
  definition: string;
  object: string;
}

/** 'DefinitionsCatalog' query type */
export interface IDefinitionsCatalogQuery {
  params: IDefinitionsCatalogParams;
  result: IDefinitionsCatalogResult;
}

const definitionsCatalogIR: any = {"usedParamSet":{},"params":[],"statement":"-- Every function, trigger and view, with its definition; objects an extension owns are left out.\nSELECT 'function ' || p.oid::regprocedure::text AS \"object!\", pg_get_functiondef(p.oid) AS \"definition!\"\n  FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace\n WHERE n.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')\nUNION ALL\nSELECT 'trigger ' || t.tgname || ' on ' || t.tgrelid::regclass::text, pg_get_triggerdef(t.oid)\n  FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace\n WHERE NOT t.tgisinternal AND n.nspname = 'public'\nUNION ALL\nSELECT 'view ' || c.relname, pg_get_viewdef(c.oid)\n  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace\n WHERE c.relkind = 'v' AND n.nspname = 'public'"};

/**
 * Query generated from SQL:
 * ```
 * -- Every function, trigger and view, with its definition; objects an extension owns are left out.
 * SELECT 'function ' || p.oid::regprocedure::text AS "object!", pg_get_functiondef(p.oid) AS "definition!"
 *   FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
 *  WHERE n.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = p.oid AND d.deptype = 'e')
 * UNION ALL
 * SELECT 'trigger ' || t.tgname || ' on ' || t.tgrelid::regclass::text, pg_get_triggerdef(t.oid)
 *   FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_namespace n ON n.oid = c.relnamespace
 *  WHERE NOT t.tgisinternal AND n.nspname = 'public'
 * UNION ALL
 * SELECT 'view ' || c.relname, pg_get_viewdef(c.oid)
 *   FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 *  WHERE c.relkind = 'v' AND n.nspname = 'public'
 * ```
 */
export const definitionsCatalog = new PreparedQuery<IDefinitionsCatalogParams,IDefinitionsCatalogResult>(definitionsCatalogIR);


/** 'TablesCatalog' parameters type */
export type ITablesCatalogParams = void;

/** 'TablesCatalog' return type */
export interface ITablesCatalogResult {
  definition: string;
  object: string;
}

/** 'TablesCatalog' query type */
export interface ITablesCatalogQuery {
  params: ITablesCatalogParams;
  result: ITablesCatalogResult;
}

const tablesCatalogIR: any = {"usedParamSet":{},"params":[],"statement":"-- Enums with their values in order, columns (type, nullability, default, generation), constraints\n-- (PostgreSQL 18 also lists NOT NULL as constraints: those are the columns' nullability, left to the\n-- columns), indexes, sequences and the extensions in use (by name: each server ships its own version).\nSELECT 'enum ' || t.typname AS \"object!\", string_agg(e.enumlabel, ', ' ORDER BY e.enumsortorder) AS \"definition!\"\n  FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace\n WHERE n.nspname = 'public' GROUP BY t.typname\nUNION ALL\nSELECT 'column ' || c.relname || '.' || a.attname,\n       concat_ws(' ', format_type(a.atttypid, a.atttypmod), CASE WHEN a.attnotnull THEN 'NOT NULL' END,\n                 CASE a.attgenerated WHEN 's' THEN 'GENERATED ' ELSE 'DEFAULT ' END || pg_get_expr(ad.adbin, ad.adrelid),\n                 CASE WHEN a.attidentity <> '' THEN 'IDENTITY ' || a.attidentity::text END)\n  FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace\n  LEFT JOIN pg_attrdef ad ON ad.adrelid = a.attrelid AND ad.adnum = a.attnum\n WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v') AND a.attnum > 0 AND NOT a.attisdropped\nUNION ALL\nSELECT 'constraint ' || k.conrelid::regclass::text || '.' || k.conname, pg_get_constraintdef(k.oid)\n  FROM pg_constraint k JOIN pg_namespace n ON n.oid = k.connamespace\n WHERE n.nspname = 'public' AND k.contype <> 'n' AND k.conrelid <> 0\nUNION ALL\nSELECT 'index ' || c.relname, pg_get_indexdef(c.oid)\n  FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace\n WHERE n.nspname = 'public' AND c.relkind IN ('i', 'I')\nUNION ALL\nSELECT 'sequence ' || c.relname, concat_ws(' ', format_type(s.seqtypid, NULL), s.seqstart, s.seqincrement, s.seqmin, s.seqmax, s.seqcycle)\n  FROM pg_sequence s JOIN pg_class c ON c.oid = s.seqrelid JOIN pg_namespace n ON n.oid = c.relnamespace\n WHERE n.nspname = 'public'\nUNION ALL\nSELECT 'extension ' || x.extname, x.extname FROM pg_extension x"};

/**
 * Query generated from SQL:
 * ```
 * -- Enums with their values in order, columns (type, nullability, default, generation), constraints
 * -- (PostgreSQL 18 also lists NOT NULL as constraints: those are the columns' nullability, left to the
 * -- columns), indexes, sequences and the extensions in use (by name: each server ships its own version).
 * SELECT 'enum ' || t.typname AS "object!", string_agg(e.enumlabel, ', ' ORDER BY e.enumsortorder) AS "definition!"
 *   FROM pg_type t JOIN pg_enum e ON e.enumtypid = t.oid JOIN pg_namespace n ON n.oid = t.typnamespace
 *  WHERE n.nspname = 'public' GROUP BY t.typname
 * UNION ALL
 * SELECT 'column ' || c.relname || '.' || a.attname,
 *        concat_ws(' ', format_type(a.atttypid, a.atttypmod), CASE WHEN a.attnotnull THEN 'NOT NULL' END,
 *                  CASE a.attgenerated WHEN 's' THEN 'GENERATED ' ELSE 'DEFAULT ' END || pg_get_expr(ad.adbin, ad.adrelid),
 *                  CASE WHEN a.attidentity <> '' THEN 'IDENTITY ' || a.attidentity::text END)
 *   FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid JOIN pg_namespace n ON n.oid = c.relnamespace
 *   LEFT JOIN pg_attrdef ad ON ad.adrelid = a.attrelid AND ad.adnum = a.attnum
 *  WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p', 'v') AND a.attnum > 0 AND NOT a.attisdropped
 * UNION ALL
 * SELECT 'constraint ' || k.conrelid::regclass::text || '.' || k.conname, pg_get_constraintdef(k.oid)
 *   FROM pg_constraint k JOIN pg_namespace n ON n.oid = k.connamespace
 *  WHERE n.nspname = 'public' AND k.contype <> 'n' AND k.conrelid <> 0
 * UNION ALL
 * SELECT 'index ' || c.relname, pg_get_indexdef(c.oid)
 *   FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
 *  WHERE n.nspname = 'public' AND c.relkind IN ('i', 'I')
 * UNION ALL
 * SELECT 'sequence ' || c.relname, concat_ws(' ', format_type(s.seqtypid, NULL), s.seqstart, s.seqincrement, s.seqmin, s.seqmax, s.seqcycle)
 *   FROM pg_sequence s JOIN pg_class c ON c.oid = s.seqrelid JOIN pg_namespace n ON n.oid = c.relnamespace
 *  WHERE n.nspname = 'public'
 * UNION ALL
 * SELECT 'extension ' || x.extname, x.extname FROM pg_extension x
 * ```
 */
export const tablesCatalog = new PreparedQuery<ITablesCatalogParams,ITablesCatalogResult>(tablesCatalogIR);


