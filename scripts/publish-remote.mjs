#!/usr/bin/env node
// Publishes a build of a remote under a new version and points the registry at it.
//
//   node scripts/publish-remote.mjs <name> [--version v] [--no-build] [--if-changed]
//   node scripts/publish-remote.mjs --all [--no-build] [--if-changed]
//
// <name> is the package folder (mfe-wallet). Files go to $PORTAL_HOME/remotes/<name>/<version>/
// (PORTAL_HOME defaults to <repo>/.portal); the version defaults to the package version plus a
// short hash of the built files, so the same build publishes to the same folder. Then
// $PORTAL_HOME/remotes/registry.json is rewritten atomically (write a temp file, rename) under a
// lock, in the shape of docs/decisions.md; routes, audience and prefetch come from the package.json
// "portal" field, preloadPaths (remoteEntry + the sync chunks of ./App) from the build's mf-manifest.json. Old version folders stay: pages loaded before the switch may still request their chunks.
// --no-build publishes the package's existing dist/; --if-changed skips a remote whose current
// registry entry already has this exact content. Env PORTAL_BUILD_MARKER is passed to the build.
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildPackage, remotePackages } from './build-web.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const portalHome = path.resolve(process.env.PORTAL_HOME ?? path.join(root, '.portal'));
const remotesDir = path.join(portalHome, 'remotes');
const registryFile = path.join(remotesDir, 'registry.json');

function parseArgs(argv) {
  const opts = { names: [], build: true, all: false, ifChanged: false, version: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--all') opts.all = true;
    else if (a === '--no-build') opts.build = false;
    else if (a === '--if-changed') opts.ifChanged = true;
    else if (a === '--version') opts.version = argv[++i];
    else if (a.startsWith('--version=')) opts.version = a.slice('--version='.length);
    else if (a.startsWith('-')) throw new Error(`unknown option ${a}`);
    else opts.names.push(a.replace(/^@portal\//, ''));
  }
  if (opts.all) opts.names = remotePackages();
  if (!opts.names.length) throw new Error('usage: publish-remote.mjs <name> [--version v] [--no-build] [--if-changed] | --all');
  if (opts.version && opts.names.length > 1) throw new Error('--version applies to one remote');
  if (opts.version && !/^[0-9A-Za-z][0-9A-Za-z.+_-]*$/.test(opts.version)) throw new Error(`bad version "${opts.version}"`);
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

function readRegistry() {
  if (!existsSync(registryFile)) return { remotes: {} };
  const data = JSON.parse(readFileSync(registryFile, 'utf8'));
  return data && typeof data.remotes === 'object' ? data : { remotes: {} };
}

/** mkdir is atomic: the lock is a folder; stale locks (older than 60 s) are broken. */
async function withLock(fn) {
  const lock = `${registryFile}.lock`;
  mkdirSync(remotesDir, { recursive: true });
  for (let i = 0; ; i++) {
    try {
      mkdirSync(lock);
      break;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      if (Date.now() - statSync(lock).mtimeMs > 60_000) rmSync(lock, { recursive: true, force: true });
      if (i > 600) throw new Error('registry lock busy', { cause: e });
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function writeRegistryAtomically(registry) {
  const tmp = `${registryFile}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, JSON.stringify(registry, null, 2) + '\n');
  renameSync(tmp, registryFile);
}

/** The JS files the exposed ./App needs at once (the page preloads them with the remoteEntry). */
function appChunks(dir) {
  const manifest = JSON.parse(readFileSync(path.join(dir, 'mf-manifest.json'), 'utf8'));
  const app = (manifest.exposes ?? []).find((e) => e.path === './App');
  return app?.assets?.js?.sync ?? [];
}

async function publish(name, opts) {
  const pkgDir = path.join(root, name);
  const pkgFile = path.join(pkgDir, 'package.json');
  if (!existsSync(pkgFile)) throw new Error(`no package ${name}`);
  const pkg = JSON.parse(readFileSync(pkgFile, 'utf8'));
  const portal = pkg.portal;
  if (!portal || !Array.isArray(portal.routes) || !['user', 'admin'].includes(portal.audience)) {
    throw new Error(`${name}/package.json needs "portal": { "routes": [...], "audience": "user" | "admin" }`);
  }
  const prefetchOk = (p) => p === undefined || (typeof p === 'object' && Object.values(p).every((urls) => Array.isArray(urls) && urls.every((u) => typeof u === 'string' && u.startsWith('/api/'))));
  if (!prefetchOk(portal.prefetch)) throw new Error(`${name}/package.json "portal.prefetch" must map a route to API paths: { "/route": ["/api/..."] }`);
  mkdirSync(path.join(remotesDir, name), { recursive: true });
  const staging = path.join(remotesDir, name, `.staging-${process.pid}-${randomBytes(4).toString('hex')}`);
  try {
    if (opts.build) {
      const { ms } = await buildPackage(name, { env: { PORTAL_OUT_DIR: staging }, quiet: true });
      console.log(`  built ${name} in ${(ms / 1000).toFixed(1)} s`);
    } else {
      const dist = path.join(pkgDir, 'dist');
      if (!existsSync(path.join(dist, 'remoteEntry.js'))) throw new Error(`${name}/dist has no build (run scripts/build-web.mjs or drop --no-build)`);
      cpSync(dist, staging, { recursive: true });
    }
    for (const f of ['remoteEntry.js', 'mf-manifest.json']) {
      if (!existsSync(path.join(staging, f))) throw new Error(`${name}: build has no ${f}`);
    }
    const version = opts.version ?? `${pkg.version}-${contentHash(staging)}`;
    const target = path.join(remotesDir, name, version);
    const current = readRegistry().remotes[name];
    if (opts.ifChanged && current?.version === version && existsSync(target)) {
      console.log(`  ${name} ${version} is already published`);
      return;
    }
    if (existsSync(target)) {
      if (opts.version) rmSync(target, { recursive: true, force: true });
    }
    const preloadPaths = [`/remotes/${name}/${version}/remoteEntry.js`, ...appChunks(staging).map((f) => `/remotes/${name}/${version}/${f}`)];
    if (!existsSync(target)) renameSync(staging, target);
    await withLock(() => {
      const registry = readRegistry();
      registry.remotes[name] = {
        version,
        manifestPath: `/remotes/${name}/${version}/mf-manifest.json`,
        entryPath: `/remotes/${name}/${version}/remoteEntry.js`,
        routes: portal.routes,
        audience: portal.audience,
        preloadPaths,
        prefetch: portal.prefetch ?? {},
      };
      writeRegistryAtomically(registry);
    });
    console.log(`  published ${name} ${version} -> ${path.relative(root, target) || target}`);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  for (const name of opts.names) await publish(name, opts);
}

main().catch((e) => {
  console.error(`publish-remote: ${e.message}`);
  process.exit(1);
});
