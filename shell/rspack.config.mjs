// Shell: Module Federation host with no static remotes. Remotes come from the run-time registry
// (GET /api/platform/remotes) and are registered and loaded on first use (src/remotes/loader.ts).
// No federation bundler plugin: the shell's own code imports its libraries directly, and the
// federation runtime is a chunk loaded with the first remote (src/remotes/federation.ts), which
// provides the shell's singletons to the remotes (docs/decisions.md "The federation runtime off the
// first load").
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { PreloadFirstLoadPlugin } from './build/preload-first-load.mjs';
import { ProvidedSharedPlugin } from './build/provided-shared.mjs';
import { baseAppConfig, compileHints, sharedModules, tsRule } from '../shared-ui/build/federation.mjs';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));

/**
 * src/early.ts alone, as one small classic script (dist/early.js) that the server inlines into
 * index.html: no federation runtime, no shared modules, no chunks.
 */
const earlyConfig = (isDev) => ({
  name: 'early',
  // after the shell's build, whose output.clean empties dist/
  dependencies: ['shell'],
  mode: isDev ? 'development' : 'production',
  devtool: false,
  target: ['web', 'es2020'],
  entry: { early: './src/early.ts' },
  output: { path: here('./dist'), filename: 'early.js', iife: true, clean: false },
  resolve: { extensions: ['.ts', '.js'] },
  module: { rules: [tsRule(isDev)] },
  performance: false,
});

export default (_env, argv) => [shellConfig(argv), earlyConfig(argv.mode !== 'production')];

function shellConfig(argv) {
  const isDev = argv.mode !== 'production';
  const api = process.env.PORTAL_API ?? 'http://localhost:3000';
  const base = baseAppConfig({ isDev, uniqueName: 'shell', assetDir: 'assets/' });
  return {
    ...base,
    name: 'shell',
    output: { ...base.output, path: here('./dist'), publicPath: '/' },
    optimization: { splitChunks: isDev ? false : sharedLibraryChunks() },
    module: {
      rules: [
        ...base.module.rules,
        // shared-ui's barrels only re-export: the shell's own imports go straight to the modules it
        // uses, so its first load holds those, while the whole of shared-ui (provided to the
        // remotes by src/remotes/federation.ts) loads with the first remote
        { test: /shared-ui[\\/]src[\\/](money[\\/])?index\.ts$/, sideEffects: false },
      ],
    },
    plugins: [
      new rspack.HtmlRspackPlugin({ template: './index.html', chunks: ['main'] }),
      ...(isDev ? [] : [new PreloadFirstLoadPlugin(), new ProvidedSharedPlugin(sharedModules()), compileHints(rspack)]),
      new rspack.CopyRspackPlugin({ patterns: [{ from: 'public', noErrorOnMissing: true }] }),
      new rspack.DefinePlugin({
        __PORTAL_SHARED__: JSON.stringify(sharedModules()),
        // what the federation bundler plugin defines for a web target without manifests/snapshots
        // (remotes are registered by remoteEntry URL): the runtime drops its Node and snapshot paths
        ENV_TARGET: JSON.stringify('web'),
        FEDERATION_OPTIMIZE_NO_SNAPSHOT_PLUGIN: true,
      }),
    ],
    devServer: {
      port: 3001,
      historyApiFallback: true,
      hot: false,
      proxy: [{ context: ['/api', '/remotes'], target: api, changeOrigin: true }],
    },
  };
}

/**
 * The shared libraries in two files instead of fifteen: each provided module would be its own chunk
 * (react, react-dom, react-dom/client, styled-components, react-redux, shared-ui, five for Redux
 * Toolkit / RTK Query...). A signed-in first load fetched 17 scripts over HTTP/1.1's six connections;
 * now 7. In Lighthouse's mobile run (150 ms round trips) that was three rounds of requests before the
 * remote could render: /dashboard LCP 2508 -> 2270 ms, /admin/dashboard 2621 -> 2437 ms.
 * `vendor`: what every page's first render needs; `federation` (the chunk of src/remotes/federation.ts):
 * the federation runtime and what every remote area needs besides (preload.json).
 * Module factories still run on first use: merging files does not evaluate anything sooner.
 */
function sharedLibraryChunks() {
  const group = (name, priority, packages) => ({
    name,
    priority,
    chunks: 'async',
    enforce: true,
    test: new RegExp(`[\\/]node_modules[\\/](${packages.join('|')})[\\/]`),
  });
  return {
    cacheGroups: {
      vendor: group('vendor', 20, [
        'react',
        'react-dom',
        'scheduler',
        'styled-components',
        'stylis',
        '@emotion',
        'react-redux',
        'use-sync-external-store',
        'react-router',
      ]),
      federation: group('federation', 10, [
        '@module-federation',
        '@reduxjs',
        'immer',
        'reselect',
        'redux-thunk',
        'redux',
        '@standard-schema',
      ]),
    },
  };
}
