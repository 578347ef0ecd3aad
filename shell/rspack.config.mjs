// Shell: Module Federation host with no static remotes. Remotes come from the run-time registry
// (GET /api/platform/remotes) and are registered and loaded on first use (src/remotes/loader.ts).
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
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
    plugins: [
      new rspack.HtmlRspackPlugin({ template: './index.html', chunks: ['main'] }),
      ...(isDev ? [] : [new PreloadFirstLoadPlugin(), new ProvidedSharedPlugin(sharedModules()), compileHints(rspack)]),
      new rspack.CopyRspackPlugin({ patterns: [{ from: 'public', noErrorOnMissing: true }] }),
      new ModuleFederationPlugin({
        name: 'shell',
        remotes: {},
        shared: sharedModules(),
        runtimePlugins: [
          here('./src/runtime-plugins/retry-plugin.ts'),
          here('./src/runtime-plugins/fallback-plugin.ts'),
        ],
        dts: false,
        manifest: false,
        experiments: {
          // Remotes are built with externalRuntime (production): they use this runtime instead of
          // carrying their own copy in every remoteEntry.js.
          provideExternalRuntime: true,
          // Remotes are registered by remoteEntry URL, never by manifest: no snapshot plugin needed.
          optimization: { disableSnapshot: true, target: 'web' },
        },
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
 * `vendor`: what every page's first render needs; `rtk`: what every remote area needs (preload.json).
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
      rtk: group('rtk', 10, ['@reduxjs', 'immer', 'reselect', 'redux-thunk', 'redux', '@standard-schema']),
    },
  };
}
