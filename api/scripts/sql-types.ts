// `pnpm --filter @portal/api generate:sql-types [--check]`: the types of the raw SQL that stays raw
// (ledger functions, locks, measured hot paths). Every `src/**/*.sql` and `test/**/*.sql` file holds named queries
// (`/* @name PostTransfer */ SELECT ... :param ...`); pgtyped asks PostgreSQL for each query's
// parameter and column types, in a fresh database built by the committed migrations and prisma/sql,
// and this writes `<file>.queries.ts` beside the .sql file (committed). --check exits 1 when a
// committed file differs, so a changed query, migration or SQL function cannot leave stale types.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiRoot } from '../src/platform/config.js';
import { applyMigrations } from '../src/platform/db/migrate.js';
import { withFreshDatabase } from './fresh-database.js';
import { writeOrCheck } from './generated-file.js';

const REGENERATE = 'pnpm --filter @portal/api generate:sql-types';
/** Where .sql files live: the code, and the tests' helpers (prisma/sql, the function definitions, is elsewhere). */
const roots = ['src', 'test'];
const runner = path.join(apiRoot, 'src', 'platform', 'db', 'typed-sql.js');
const cli = path.join(apiRoot, 'node_modules', '@pgtyped', 'cli', 'lib', 'index.js');

/** Paths under api/ of the files in `roots` whose name ends with `ending`. */
const filesEnding = (ending: string): string[] =>
  roots
    .flatMap((root) =>
      fs
        .readdirSync(path.join(apiRoot, root), { recursive: true, encoding: 'utf8' })
        .filter((f) => f.endsWith(ending) && !f.startsWith('generated'))
        .map((f) => path.join(root, f)),
    )
    .sort();
const generatedName = (sqlFile: string) => sqlFile.replace(/\.sql$/, '.queries.ts');

const config = {
  transforms: [{ mode: 'sql', include: '**/*.sql', emitTemplate: '{{dir}}/{{name}}.queries.ts' }],
  srcDir: '.',
  failOnError: true,
  // Money: numeric arrives as text (pg) and goes as text, never a JavaScript number. A WAL position is
  // text too. A JSON document's shape is the SQL's (a function's answer): declared once in TypeScript
  // and asserted where it is read, so json/jsonb columns are `unknown` rather than any JSON.
  typesOverrides: { numeric: 'string', pg_lsn: 'string', json: 'unknown', jsonb: 'unknown' },
};

/** Runs pgtyped on copies of the .sql files (same relative paths, so its output names them the same). */
function runPgtyped(url: string, files: string[]): Map<string, string> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sql-types-'));
  try {
    for (const f of files) fs.cpSync(path.join(apiRoot, f), path.join(work, f));
    fs.writeFileSync(path.join(work, 'pgtyped.json'), JSON.stringify(config));
    // pgtyped's settings from the environment (PGHOST, DATABASE_URL...) would override --uri
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !/^PG[A-Z]+$/.test(k) && k !== 'DATABASE_URL'),
    );
    const result = spawnSync(process.execPath, [cli, '-c', 'pgtyped.json', '--uri', url], {
      cwd: work,
      env,
      encoding: 'utf8',
    });
    const output = `${result.stdout}${result.stderr}`;
    // pgtyped reports a bad query and goes on; its progress lines name files (one may be errors.sql)
    const failed = output
      .split('\n')
      .some((l) => /error/i.test(l) && !/^(Processing|Saved \d+ query types from) /.test(l));
    if (result.status !== 0 || failed) throw new Error(`pgtyped failed:\n${output}`);
    return new Map(
      files.map((f) => {
        const out = path.join(work, generatedName(f));
        if (!fs.existsSync(out)) throw new Error(`${f} holds no named query (/* @name ... */)`);
        return [f, fs.readFileSync(out, 'utf8')];
      }),
    );
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** pgtyped's file, with the header saying where it comes from and the project's runner in place of pgtyped's runtime. */
function finish(sqlFile: string, generated: string): string {
  let runnerImport = path.relative(path.dirname(path.join(apiRoot, sqlFile)), runner);
  if (!runnerImport.startsWith('.')) runnerImport = `./${runnerImport}`;
  const header = `// Generated from ${path.basename(sqlFile)} and the database by pgtyped (scripts/sql-types.ts): do not edit.
// Regenerate after changing the .sql file, a migration or prisma/sql: ${REGENERATE}
`;
  return (
    header +
    generated
      .replace(/^\/\*\* Types generated for queries found in .*\*\/\n/, '')
      .replace(`import { PreparedQuery } from '@pgtyped/runtime';`, `import { PreparedQuery } from '${runnerImport}';`)
  );
}

const started = Date.now();
const files = filesEnding('.sql');
const fresh = await withFreshDatabase('sql_types', async (url) => {
  await applyMigrations(url);
  return runPgtyped(url, files);
});
const expected = new Set(files.map(generatedName));
for (const [f, generated] of fresh) {
  writeOrCheck(path.join(apiRoot, generatedName(f)), finish(f, generated), { root: apiRoot, regenerate: REGENERATE });
}
// a .queries.ts whose .sql file is gone
for (const f of filesEnding('.queries.ts')) {
  if (expected.has(f)) continue;
  if (process.argv.includes('--check')) {
    console.error(`${f} has no .sql file: run ${REGENERATE}`);
    process.exit(1);
  }
  fs.rmSync(path.join(apiRoot, f));
  console.log(`removed ${f}`);
}
console.log(`${files.length} .sql files, ${((Date.now() - started) / 1000).toFixed(1)} s`);
