import type pg from 'pg';
import { statementName } from './session.js';

/**
 * Raw SQL typed from the database: a query written in a `.sql` file beside its code, whose parameter
 * and row types pgtyped reads from PostgreSQL (scripts/sql-types.ts writes `<file>.queries.ts`).
 * The generated file builds one PreparedQuery per query from pgtyped's description of it (the
 * statement and where each `:param` stands); this class runs it. pgtyped's own runtime would load
 * its SQL parser at start (docs/decisions.md "Raw SQL typed from the database"); the description
 * is all a run needs.
 */

/** pgtyped's description of one query (only the parts a run reads). */
interface QueryIR {
  statement: string;
  params: { name: string; transform: { type: string }; locs: { a: number; b: number }[] }[];
  usedParamSet: Record<string, boolean>;
}

/** What runs SQL: the pool, a transaction's client (`db` of inTransaction), or sqlReader(tx) (db/replica.ts). */
export interface SqlRunner {
  query(text: string, values: unknown[]): Promise<{ rows: object[] }>;
}

/** Only scalar parameters: a list is one array parameter (`= ANY(:ids)`), so each query has one statement text. */
function positional(ir: QueryIR): { text: string; names: string[] } {
  const used = ir.params.filter((p) => ir.usedParamSet[p.name]);
  const cuts: { a: number; b: number; sub: string }[] = [];
  used.forEach((p, i) => {
    if (p.transform.type !== 'scalar') throw new Error(`:${p.name}: write a list as an array, = ANY(:${p.name})`);
    for (const loc of p.locs) cuts.push({ ...loc, sub: `$${i + 1}` });
  });
  cuts.sort((x, y) => y.a - x.a); // from the end, so earlier offsets stay valid
  let text = ir.statement;
  for (const c of cuts) text = text.slice(0, c.a) + c.sub + text.slice(c.b + 1);
  return { text, names: used.map((p) => p.name) };
}

/**
 * A column named `"x!"` (pgtyped: never null, e.g. a function's output the database cannot vouch
 * for) or `"x?"` (may be null) arrives under that name: the rows get the plain name, as typed.
 */
function withoutHints<R>(rows: object[]): R[] {
  const first = rows[0];
  if (!first) return [];
  const columns = Object.keys(first);
  if (!columns.some((k) => k.endsWith('!') || k.endsWith('?'))) return rows as R[];
  const names = columns.map((k) => [k, k.endsWith('!') || k.endsWith('?') ? k.slice(0, -1) : k] as const);
  return rows.map((row) => {
    const out: Record<string, unknown> = {};
    for (const [from, to] of names) out[to] = (row as Record<string, unknown>)[from];
    return out as R;
  });
}

export class PreparedQuery<Params, Result> {
  /** `$n` in place of each `:param`, computed once. */
  readonly text: string;
  private readonly names: string[];

  constructor(ir: QueryIR) {
    ({ text: this.text, names: this.names } = positional(ir));
  }

  private values(params: Params): unknown[] {
    const given = (params ?? {}) as Record<string, unknown>;
    return this.names.map((name) => given[name] ?? null);
  }

  /** The rows, typed as the database describes them. */
  async run(params: Params, db: SqlRunner): Promise<Result[]> {
    const { rows } = await db.query(this.text, this.values(params));
    return withoutHints<Result>(rows);
  }

  /**
   * The same as a named prepared statement: parsed and planned once per connection (the measured hot
   * paths: the send), or unnamed behind a transaction pooler (db/session.ts statementName).
   */
  async runNamed(name: string, params: Params, db: Pick<pg.ClientBase, 'query'>): Promise<Result[]> {
    const { rows } = await db.query({ name: statementName(name), text: this.text, values: this.values(params) });
    return withoutHints<Result>(rows);
  }
}
