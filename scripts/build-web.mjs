#!/usr/bin/env node
// Production build of the shell and every remote (mfe-* packages with a "portal" field).
// Builds run in parallel (rspack is multi-threaded; on 2 cores parallel processes still overlap
// the single-threaded parts). Prints each package's time and the total.
//
//   node scripts/build-web.mjs            shell + every remote
//   node scripts/build-web.mjs mfe-wallet only the named packages
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function remotePackages() {
  return readdirSync(root)
    .filter((d) => d.startsWith('mfe-') && existsSync(path.join(root, d, 'package.json')))
    .filter((d) => JSON.parse(readFileSync(path.join(root, d, 'package.json'), 'utf8')).portal)
    .sort();
}

export function buildPackage(dir, { env = {}, quiet = false } = {}) {
  const cwd = path.join(root, dir);
  const bin = path.join(cwd, 'node_modules', '.bin', 'rspack');
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(bin, ['build', '--mode', 'production'], {
      cwd,
      env: { ...process.env, NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => {
      const ms = performance.now() - started;
      if (code !== 0) {
        process.stderr.write(out);
        reject(new Error(`build of ${dir} failed (exit ${code})`));
        return;
      }
      if (!quiet) {
        const warnings = out.match(/WARNING[^\n]*/g) ?? [];
        for (const w of warnings) console.log(`  ${dir}: ${w}`);
      }
      resolve({ dir, ms });
    });
  });
}

async function main() {
  const only = process.argv.slice(2).filter((a) => !a.startsWith('-'));
  const dirs = only.length ? only : ['shell', ...remotePackages()];
  const started = performance.now();
  const results = await Promise.all(dirs.map((d) => buildPackage(d)));
  for (const r of results) console.log(`  built ${r.dir.padEnd(12)} ${(r.ms / 1000).toFixed(1)} s`);
  console.log(`  total (parallel) ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((e) => {
    console.error(e.message);
    process.exit(1);
  });
}
