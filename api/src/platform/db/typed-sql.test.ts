import { describe, expect, it } from 'vitest';
import { getPool } from './pool.js';
import { PreparedQuery } from './typed-sql.js';

// A query as scripts/sql-types.ts writes it from a .sql file: pgtyped's description (statement, and
// where each `:param` stands). `sumOf` is `SELECT :a::int + :b::int AS "sum!", :a::int AS a, :c::text AS c`.
const SUM_OF = 'SELECT :a::int + :b::int AS "sum!", :a::int AS a, :c::text AS c';
const at = (name: string, from = 0) => {
  const a = SUM_OF.indexOf(`:${name}`, from);
  return { a, b: a + name.length };
};
const sumOf = new PreparedQuery<
  { a: number; b: number; c?: string | null },
  { sum: number; a: number | null; c: string | null }
>({
  statement: SUM_OF,
  usedParamSet: { a: true, b: true, c: true },
  params: [
    { name: 'a', transform: { type: 'scalar' }, locs: [at('a'), at('a', 10)] },
    { name: 'b', transform: { type: 'scalar' }, locs: [at('b')] },
    { name: 'c', transform: { type: 'scalar' }, locs: [at('c')] },
  ],
});

describe('typed raw SQL (queries of .sql files, typed by pgtyped)', () => {
  it('sends positional parameters in place of the named ones: one per name, however often it is used', () => {
    expect(sumOf.text).toBe('SELECT $1::int + $2::int AS "sum!", $1::int AS a, $3::text AS c');
  });

  it('answers rows under the plain column names, a column hinted "x!" included, and a missing optional parameter as NULL', async () => {
    expect(await sumOf.run({ a: 2, b: 3 }, getPool())).toEqual([{ sum: 5, a: 2, c: null }]);
    expect(await sumOf.run({ a: 1, b: 1, c: 'x' }, getPool())).toEqual([{ sum: 2, a: 1, c: 'x' }]);
  });

  it('runs a measured hot path as a named prepared statement, prepared once on the connection', async () => {
    const client = await getPool().connect();
    try {
      const name = `typed_sql_${process.pid}`;
      expect(await sumOf.runNamed(name, { a: 4, b: 5 }, client)).toEqual([{ sum: 9, a: 4, c: null }]);
      expect(await sumOf.runNamed(name, { a: 1, b: 2 }, client)).toEqual([{ sum: 3, a: 1, c: null }]);
      const { rows } = await client.query('SELECT statement FROM pg_prepared_statements WHERE name = $1', [name]);
      expect(rows).toEqual([{ statement: sumOf.text }]);
    } finally {
      client.release();
    }
  });

  it('refuses a list parameter (pgtyped\'s "(...)" spread): a list is one array parameter, = ANY(:ids)', () => {
    const spread = () =>
      new PreparedQuery({
        statement: 'SELECT 1 WHERE 1 IN :ids',
        usedParamSet: { ids: true },
        params: [{ name: 'ids', transform: { type: 'array_spread' }, locs: [{ a: 20, b: 23 }] }],
      });
    expect(spread).toThrow(':ids: write a list as an array, = ANY(:ids)');
  });
});
