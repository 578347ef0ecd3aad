#!/usr/bin/env node
// The README's commands. A fresh machine has Node and npm only, so every command first makes sure
// that pnpm, the workspace's packages, the generated Prisma client (and for tests, Chromium) exist.
//
//   node scripts/portal.mjs start   build what changed, start the portal on http://localhost:3000
//   node scripts/portal.mjs cluster the same with CLUSTER_SIZE API processes behind nginx
//   node scripts/portal.mjs test    typecheck, lint and formatting, schema check, unit + API tests (PostgreSQL 18 and 15), build, end-to-end
//   node scripts/portal.mjs build   production build of every web package
//   node scripts/portal.mjs bench   build, then print the benchmarks
//   node scripts/portal.mjs reliability   crash, database restart, two API processes, remote down
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { run, step, ensurePnpm, ensureChromium, ensurePgBackRest, ensurePostgres15, pnpm } from './lib/tasks.mjs';
import { ensureNginx } from './lib/nginx.mjs';
import { ensurePrometheus } from './lib/prometheus.mjs';
import { buildWebIfChanged } from './lib/web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

async function prepare() {
  await ensurePnpm();
  await step('Installing packages', () =>
    pnpm(['install', ...(process.env.CI ? ['--frozen-lockfile'] : []), '--reporter=append-only']),
  );
  await step('Generating the Prisma client', () => pnpm(['--filter', '@portal/api', 'run', 'generate']));
}

/** NODE_ENV=production: the API's start check before building, so unsafe settings are named in seconds (docs/deploying.md). */
async function checkProductionSettings() {
  if (process.env.NODE_ENV !== 'production') return;
  await step('Checking the production settings', () =>
    run(process.execPath, ['--import', 'tsx', 'scripts/check-production.ts'], { cwd: path.join(root, 'api') }),
  );
}

const commands = {
  async start() {
    await prepare();
    await checkProductionSettings();
    await buildWebIfChanged();
    await step('Publishing remotes that changed', () =>
      run('node', ['scripts/publish-remote.mjs', '--all', '--no-build', '--if-changed']),
    );
    // The server prints the URL, the database it uses and the demo accounts once it listens.
    await run('node', ['scripts/serve.mjs'], { env: { PORT: process.env.PORT ?? '3000' } });
  },

  // CLUSTER_SIZE API processes behind nginx on one address (scripts/cluster.mjs; docs/scaling.md)
  async cluster() {
    await prepare();
    await checkProductionSettings();
    await ensureNginx();
    await ensurePrometheus();
    await buildWebIfChanged();
    const ha = process.argv.includes('--ha'); // the database starts inside cluster.mjs, which publishes then
    if (!ha)
      await step('Publishing remotes that changed', () =>
        run('node', ['scripts/publish-remote.mjs', '--all', '--no-build', '--if-changed']),
      );
    await run('node', ['scripts/cluster.mjs', ...(ha ? ['--ha'] : [])]);
  },

  async build() {
    await prepare();
    await buildWebIfChanged({ force: true });
  },

  async test() {
    await prepare();
    await ensureChromium();
    await ensurePostgres15();
    await step('Typecheck (every package, strict)', () =>
      pnpm(['-r', '--workspace-concurrency=1', 'run', 'typecheck']),
    );
    await step('Lint (including the import boundaries)', () => pnpm(['exec', 'eslint', '--max-warnings=0', '.']));
    await step('Formatting (Prettier, .prettierrc.json)', () => pnpm(['exec', 'prettier', '--check', '.']));
    await step('Checking that schema.prisma and the migrations agree', () =>
      pnpm(['--filter', '@portal/api', 'run', 'check:schema']),
    );
    await step("Checking that the clients' API types match the OpenAPI document", () =>
      pnpm(['--filter', '@portal/api', 'run', 'check:api-types']),
    );
    await step('Checking that docs/routes.md matches the routes and the module folders', () =>
      pnpm(['--filter', '@portal/api', 'run', 'check:route-table']),
    );
    await step('Checking that the types of the raw SQL (src/**/*.sql) match the database', () =>
      pnpm(['--filter', '@portal/api', 'run', 'check:sql-types']),
    );
    await step('Unit tests of the tooling', () => pnpm(['exec', 'vitest', 'run', '--root', 'scripts']));
    await step('Unit and API tests (real PostgreSQL)', () =>
      pnpm(['-r', '--workspace-concurrency=1', '--if-present', 'run', 'test']),
    );
    await buildWebIfChanged();
    await step('End-to-end tests in Chromium', () => pnpm(['--filter', '@portal/shell', 'run', 'e2e']));
  },

  // Slow reliability cases (crash, database restart, two API processes, remote down).
  async reliability() {
    await prepare();
    await ensureChromium();
    await ensureNginx();
    await ensurePgBackRest();
    await run('node', ['scripts/reliability/run.mjs', ...process.argv.slice(3)]);
  },

  async bench() {
    await prepare();
    await ensureChromium();
    await run('node', ['bench/run.mjs', ...process.argv.slice(3)]);
  },
};

const name = process.argv[2];
if (!commands[name]) {
  console.error(`usage: node scripts/portal.mjs ${Object.keys(commands).join('|')}`);
  process.exit(2);
}
if (!existsSync(path.join(root, 'pnpm-workspace.yaml'))) throw new Error('run from the repository');
commands[name]().catch((error) => {
  console.error(`\n✖ ${error.message}`);
  process.exit(1);
});
