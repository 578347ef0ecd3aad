#!/usr/bin/env node
// Publishes a build of a remote as a release: builds it, checks its shared singletons
// against the shell, stores its files and registers the release in PostgreSQL, current at once
// unless --stage.
//
//   node scripts/publish-remote.mjs <name> [--stage] [--version v] [--no-build | --from <build folder>] [--if-changed]
//   node scripts/publish-remote.mjs --all [--no-build] [--if-changed]
//
// <name> is the package folder (mfe-wallet). The version defaults to the package version plus a
// short hash of the built files, so the same build is the same release. Routes, audience and
// prefetch come from the package.json "portal" field; the preload list (remoteEntry + the sync
// chunks of ./App) from the build's mf-manifest.json. The files go through the API's remote-build
// store (local disk $PORTAL_HOME/remotes by default, an S3-compatible bucket with REMOTES_S3_BUCKET)
// and the release into the database the API uses (DATABASE_URL, or the embedded one of
// $PORTAL_HOME: a running portal's, else started for the publish): api/src/modules/composition/releases/publish-cli.ts.
// Every API process serves the new current release at once; old versions stay stored, since
// pages loaded before the switch may still request their chunks, and an admin may roll back to them.
//
// --stage registers without making it current (an admin previews, then promotes it on the Releases
// page). --if-changed skips a remote whose build is already a release (so `npm start` never undoes
// an admin's rollback). --no-build publishes the package's existing dist/, --from a build made elsewhere (a team's CI).
// Refused: a build whose shared singletons (react, react-dom, styled-components, redux, shared-ui)
// require versions the shell does not provide (shell/dist/provided-shared.json, written by its build).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPackage, remotePackages } from './build-web.mjs';
import { incompatibleSingletons } from './lib/singletons.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiDir = path.join(root, 'api');

function parseArgs(argv) {
  const opts = {
    names: [],
    build: true,
    all: false,
    ifChanged: false,
    stage: false,
    version: undefined,
    from: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--all') opts.all = true;
    else if (a === '--no-build') opts.build = false;
    else if (a === '--if-changed') opts.ifChanged = true;
    else if (a === '--stage') opts.stage = true;
    else if (a === '--from') opts.from = argv[++i];
    else if (a === '--version') opts.version = argv[++i];
    else if (a.startsWith('--version=')) opts.version = a.slice('--version='.length);
    else if (a.startsWith('-')) throw new Error(`unknown option ${a}`);
    else opts.names.push(a.replace(/^@portal\//, ''));
  }
  if (opts.all) opts.names = remotePackages();
  if (!opts.names.length)
    throw new Error('usage: publish-remote.mjs <name> [--stage] [--version v] [--no-build] [--if-changed] | --all');
  if ((opts.version || opts.from) && opts.names.length > 1) throw new Error('--version and --from apply to one remote');
  if (opts.version && !/^[0-9A-Za-z][0-9A-Za-z.+_-]*$/.test(opts.version))
    throw new Error(`bad version "${opts.version}"`);
  return opts;
}

function* walk(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) yield* walk(full);
    else yield full;
  }
}
function contentHash(dir) {
  const h = createHash('sha256');
  for (const f of walk(dir)) {
    h.update(path.relative(dir, f));
    h.update(readFileSync(f));
  }
  return h.digest('hex').slice(0, 10);
}

const readJson = (file) => JSON.parse(readFileSync(file, 'utf8'));

/** The shared singletons a build requires (name -> required version), from its mf-manifest.json. */
const requiredShared = (manifest) =>
  Object.fromEntries(
    (manifest.shared ?? []).filter((s) => s.singleton !== false).map((s) => [s.name, s.requiredVersion ?? s.version]),
  );

/** The JS files the exposed ./App needs at once (the page preloads them with the remoteEntry). */
const appChunks = (manifest) => (manifest.exposes ?? []).find((e) => e.path === './App')?.assets?.js?.sync ?? [];

/** What the shell that serves the portal provides (PORTAL_SHELL_DIST: another shell build's folder). */
function providedByShell() {
  const file = path.join(process.env.PORTAL_SHELL_DIST ?? path.join(root, 'shell', 'dist'), 'provided-shared.json');
  if (!existsSync(file))
    throw new Error(
      'shell/dist/provided-shared.json is missing: build the shell first (node scripts/build-web.mjs shell)',
    );
  return readJson(file);
}

/** Builds (or copies dist/) into `dir`, checks it and returns its descriptor for the API's publish step. */
async function prepare(name, opts, dir, provided) {
  const pkgDir = path.join(root, name);
  if (!existsSync(path.join(pkgDir, 'package.json'))) throw new Error(`no package ${name}`);
  const pkg = readJson(path.join(pkgDir, 'package.json'));
  const portal = pkg.portal;
  if (!portal || !Array.isArray(portal.routes) || !['user', 'admin'].includes(portal.audience)) {
    throw new Error(`${name}/package.json needs "portal": { "routes": [...], "audience": "user" | "admin" }`);
  }
  const prefetchOk = (p) =>
    p === undefined ||
    (typeof p === 'object' &&
      Object.values(p).every(
        (urls) => Array.isArray(urls) && urls.every((u) => typeof u === 'string' && u.startsWith('/api/')),
      ));
  if (!prefetchOk(portal.prefetch))
    throw new Error(`${name}/package.json "portal.prefetch" must map a route to API paths: { "/route": ["/api/..."] }`);
  if (opts.from) {
    cpSync(opts.from, dir, { recursive: true });
  } else if (opts.build) {
    const { ms } = await buildPackage(name, { env: { PORTAL_OUT_DIR: dir }, quiet: true });
    console.log(`  built ${name} in ${(ms / 1000).toFixed(1)} s`);
  } else {
    const dist = path.join(pkgDir, 'dist');
    if (!existsSync(path.join(dist, 'remoteEntry.js')))
      throw new Error(`${name}/dist has no build (run scripts/build-web.mjs or drop --no-build)`);
    cpSync(dist, dir, { recursive: true });
  }
  for (const f of ['remoteEntry.js', 'mf-manifest.json']) {
    if (!existsSync(path.join(dir, f))) throw new Error(`${name}: build has no ${f}`);
  }
  const manifest = readJson(path.join(dir, 'mf-manifest.json'));
  const shared = requiredShared(manifest);
  const problems = incompatibleSingletons(shared, provided);
  if (problems.length)
    throw new Error(
      `${name} was not published: the shell cannot serve its shared singletons:\n${problems.map((p) => `    - ${p}`).join('\n')}\n  Build it against the shell's versions (shared-ui/package.json), or publish a shell that provides them first.`,
    );
  const version = opts.version ?? `${pkg.version}-${contentHash(dir)}`;
  return {
    dir,
    descriptor: {
      remote: name,
      version,
      contentHash: contentHash(dir),
      routes: portal.routes,
      audience: portal.audience,
      prefetch: portal.prefetch ?? {},
      shared,
      preloadFiles: appChunks(manifest),
      stage: opts.stage,
      onlyNew: opts.ifChanged,
    },
  };
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const work = mkdtempSync(path.join(os.tmpdir(), 'portal-publish-'));
  try {
    const provided = providedByShell();
    const jobs = [];
    for (const name of opts.names) jobs.push(await prepare(name, opts, path.join(work, name), provided));
    const jobsFile = path.join(work, 'jobs.json');
    writeFileSync(jobsFile, JSON.stringify(jobs));
    // the API's own code stores the files and registers the releases (one database start for all)
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'src/modules/composition/releases/publish-cli.ts', jobsFile],
      { cwd: apiDir, encoding: 'utf8', env: process.env },
    );
    if (r.status !== 0) throw new Error((r.stderr || r.stdout || `exit ${r.status}`).trim());
    for (const line of r.stdout.trim().split('\n').filter(Boolean)) {
      const out = JSON.parse(line);
      const what = !out.created ? 'already published' : out.current ? 'published, now current' : 'published, staged';
      console.log(`  ${out.remote} ${out.version}: ${what}${out.created || out.current ? ` (${out.entry_url})` : ''}`);
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(`publish-remote: ${e.message}`);
  process.exit(1);
});
