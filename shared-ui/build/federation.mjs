// Module Federation shared-module settings used by the shell and every remote (rspack configs).
//
// React Router is NOT a shared module of its own: shared modules cannot be tree-shaken, and the
// whole of react-router 7 is 60 KB gzip, most of it (data routers, SSR, RSC) unused here. Instead
// shared-ui re-exports the router API the portal uses (src/router.ts), so the router is bundled,
// tree-shaken, inside the shared-ui singleton: one copy, one router context, ~2/3 smaller.
// The apps do not depend on react-router(-dom) at all, so a direct import fails to resolve.
// Every entry is a singleton with an explicit requiredVersion (TOOLCHAIN.md: `workspace:*` as a
// required version gives "does not satisfy the requirement" warnings). Versions come from
// shared-ui's pinned devDependencies, so there is one place to bump them.
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const dev = pkg.devDependencies;

const libs = {
  react: dev.react,
  'react/jsx-runtime': dev.react,
  'react/jsx-dev-runtime': dev.react,
  'react-dom': dev['react-dom'],
  'react-dom/client': dev['react-dom'],
  'styled-components': dev['styled-components'],
  '@reduxjs/toolkit': dev['@reduxjs/toolkit'],
  '@reduxjs/toolkit/query': dev['@reduxjs/toolkit'],
  '@reduxjs/toolkit/query/react': dev['@reduxjs/toolkit'],
  'react-redux': dev['react-redux'],
};

/** What a remote built against shared-ui `version` requires of the shell: that version or a later one of its major. */
export const sharedUiRange = (version) => `>=${version} <${Number(version.split('.')[0]) + 1}.0.0`;

export function sharedModules() {
  const shared = {};
  for (const [name, version] of Object.entries(libs)) {
    shared[name] = { singleton: true, requiredVersion: version, strictVersion: false };
  }
  // shared-ui's version moves with its exports (scripts/lib/shared-ui-exports.mjs): a remote needs the
  // version it was built against or a later one of the same major; publishing refuses an older shell
  shared['@portal/shared-ui'] = { singleton: true, requiredVersion: sharedUiRange(pkg.version), version: pkg.version };
  return shared;
}

const require = createRequire(new URL('../package.json', import.meta.url));
/** Aliases every web build uses: react-router's production build (its exports map only the development one). */
export function aliases(isDev) {
  if (isDev) return {};
  const rrDir = path.dirname(require.resolve('react-router'));
  const prod = path.join(rrDir.replace(/[\\/]development$/, ''), 'production', 'index.mjs');
  return existsSync(prod) ? { 'react-router$': prod } : {};
}

/**
 * The federation runtime packages resolved to their ES module builds. The plugin injects the
 * CommonJS builds, which cannot be tree-shaken: with ESM, the snapshot/preload/manifest and
 * Node-loading code that a web host registering remotes by remoteEntry URL never calls is dropped.
 * Every package is aliased, so there is exactly one copy of the runtime either way.
 */
export function federationRuntimeAliases() {
  const shellDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'shell');
  // pnpm: a package's dependencies are its siblings in the .pnpm store's node_modules folder
  const enhancedDir = realpathSync(path.join(shellDir, 'node_modules', '@module-federation', 'enhanced'));
  const queue = [enhancedDir];
  const seen = new Set();
  const out = {};
  while (queue.length) {
    const dir = queue.shift();
    for (const name of ['runtime', 'runtime-core', 'sdk', 'webpack-bundler-runtime', 'error-codes', 'runtime-tools']) {
      const candidate = path.join(path.dirname(dir), name);
      if (!existsSync(path.join(candidate, 'package.json'))) continue;
      const real = realpathSync(candidate);
      if (seen.has(real)) continue;
      seen.add(real);
      queue.push(real);
      const exp = JSON.parse(readFileSync(path.join(real, 'package.json'), 'utf8')).exports?.['.'];
      const esm = exp?.import?.default ?? exp?.import;
      const cjs = exp?.require?.default ?? exp?.require;
      if (typeof esm !== 'string' || !existsSync(path.join(real, esm))) continue;
      if (out[`@module-federation/${name}$`]) throw new Error(`two copies of @module-federation/${name}`);
      out[`@module-federation/${name}$`] = path.join(real, esm);
      if (typeof cjs === 'string') out[path.join(real, cjs)] = path.join(real, esm);
    }
  }
  return out;
}

/** swc rule for TypeScript + React (automatic runtime). */
export function tsRule(isDev) {
  return {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    loader: 'builtin:swc-loader',
    type: 'javascript/auto',
    options: {
      jsc: {
        parser: { syntax: 'typescript', tsx: true },
        transform: { react: { runtime: 'automatic', development: isDev, refresh: false } },
        target: 'es2022',
      },
    },
  };
}

/**
 * What every app's rspack config shares (shell and remotes): mode, source maps, the entry, hashed
 * file names under `assetDir`, TypeScript, the shared-library aliases, and lazyCompilation off
 * (it breaks shared chunks, TOOLCHAIN.md). Each config adds its own output path, publicPath and plugins.
 */
export function baseAppConfig({ isDev, uniqueName, assetDir = '' }) {
  const file = isDev ? '[name].js' : `${assetDir}[name].[contenthash:8].js`;
  return {
    mode: isDev ? 'development' : 'production',
    devtool: isDev ? 'eval-cheap-module-source-map' : false,
    entry: { main: './src/index.ts' },
    output: { uniqueName, filename: file, chunkFilename: file, clean: true },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js'],
      alias: { ...aliases(isDev), ...federationRuntimeAliases() },
    },
    module: { rules: [tsRule(isDev)] },
    lazyCompilation: false,
    performance: false,
  };
}

/**
 * V8's explicit compile hint (Chromium 136+) as the first line of every chunk but the entry:
 * `//# allFunctionsCalledOnLoad` has V8 compile all of a file's functions while it streams in, on a
 * background thread, instead of on the main thread at each function's first call. A chunk is loaded
 * when its code is about to run and most of its functions then do (React's renderer,
 * styled-components, a remote's page). On a cold signed-in /dashboard (30 paired visits, 2 cores)
 * the remote's first render took 35 ms instead of 56, navigation -> mfe-wallet mounted 261 ms
 * instead of 277 (docs/decisions.md). Not main.js (the shell's, or a remote's standalone one): the federation runtime in
 * it has paths (manifests, snapshots, Node) a page never calls, and with it hinted the shell started
 * later. After minification (which would drop the comment), before source maps (which count lines).
 */
export function compileHints(rspack) {
  return new rspack.BannerPlugin({
    banner: '//# allFunctionsCalledOnLoad',
    raw: true,
    test: /\.js$/,
    exclude: /(^|\/)main\.([0-9a-f]{8}\.)?js$/,
    stage: rspack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE + 1,
  });
}

/** Federation container name from a package/registry name: "mfe-wallet" -> "mfe_wallet". */
export const federationName = (name) => name.replace(/^@portal\//, '').replace(/[^a-zA-Z0-9_]/g, '_');
