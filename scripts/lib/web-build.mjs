// Builds the web packages only when their inputs changed, so a second `npm start` is fast.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { run, step } from './tasks.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const portalHome = process.env.PORTAL_HOME ?? path.join(root, '.portal');
const stampFile = path.join(portalHome, 'web-build.sha256');
const ignored = new Set(['node_modules', 'dist', 'e2e', 'test-results', 'bench']);

export function webPackages() {
  return readdirSync(root).filter(
    (name) =>
      (name === 'shell' || name === 'shared-ui' || name.startsWith('mfe-')) &&
      existsSync(path.join(root, name, 'package.json')),
  );
}

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (ignored.has(entry.name) || entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

/** A hash of every source and config file of the web packages plus the lockfile. */
export function webInputsHash() {
  const hash = createHash('sha256');
  const inputs = [
    path.join(root, 'pnpm-lock.yaml'),
    ...webPackages().flatMap((name) => [...files(path.join(root, name))]),
  ];
  for (const file of inputs.sort()) {
    hash.update(path.relative(root, file));
    hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

const distsExist = () =>
  webPackages()
    .filter((name) => name !== 'shared-ui')
    .every((name) => existsSync(path.join(root, name, 'dist')));

export async function buildWebIfChanged({ force = false } = {}) {
  const hash = webInputsHash();
  const previous = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').trim() : '';
  if (!force && previous === hash && distsExist()) {
    console.log('\n✔ Web build is up to date (inputs unchanged)');
    return;
  }
  await step('Building the shell and every remote (production)', () => run('node', ['scripts/build-web.mjs']));
  mkdirSync(portalHome, { recursive: true });
  writeFileSync(stampFile, hash + '\n');
}
