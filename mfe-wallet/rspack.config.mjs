// mfe-wallet: Module Federation remote exposing ./App (its <Routes>). Also runs standalone
// (`pnpm --filter @portal/mfe-wallet dev`) against the same API through the dev-server proxy.
import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { aliases, federationName, federationRuntimeAliases, sharedModules, tsRule } from '../shared-ui/build/federation.mjs';

const here = (p) => fileURLToPath(new URL(p, import.meta.url));
const pkg = JSON.parse(readFileSync(here('./package.json'), 'utf8'));
const name = federationName(pkg.name);

export default (_env, argv) => {
  const isDev = argv.mode !== 'production';
  const api = process.env.PORTAL_API ?? 'http://localhost:3000';
  return {
    mode: isDev ? 'development' : 'production',
    devtool: isDev ? 'eval-cheap-module-source-map' : false,
    entry: { main: './src/index.ts' },
    output: {
      path: process.env.PORTAL_OUT_DIR ?? here('./dist'),
      publicPath: 'auto',
      uniqueName: name,
      filename: isDev ? '[name].js' : '[name].[contenthash:8].js',
      chunkFilename: isDev ? '[name].js' : '[name].[contenthash:8].js',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js'], alias: { ...aliases(isDev), ...federationRuntimeAliases() } },
    module: { rules: [tsRule(isDev)] },
    lazyCompilation: false,
    performance: false,
    plugins: [
      new rspack.DefinePlugin({
        __REMOTE_VERSION__: JSON.stringify(process.env.PORTAL_REMOTE_VERSION ?? pkg.version),
        __BUILD_MARKER__: JSON.stringify(process.env.PORTAL_BUILD_MARKER ?? ''),
      }),
      // standalone page: only the main chunk (TOOLCHAIN.md)
      new rspack.HtmlRspackPlugin({ template: './index.html', chunks: ['main'] }),
      new ModuleFederationPlugin({
        name,
        filename: 'remoteEntry.js',
        exposes: { './App': './src/app/App.tsx' },
        shared: sharedModules(),
        manifest: true,
        dts: false,
        // In the portal the shell provides the federation runtime (-17 KB gzip per remoteEntry).
        // The standalone dev page (`rspack serve`, development) has no host, so it keeps its own.
        experiments: isDev
          ? { optimization: { target: 'web' } }
          : { externalRuntime: true, optimization: { disableSnapshot: true, target: 'web' } },
      }),
    ],
    devServer: {
      port: 3002,
      historyApiFallback: true,
      hot: false,
      headers: { 'Access-Control-Allow-Origin': '*' },
      proxy: [{ context: ['/api'], target: api, changeOrigin: true }],
    },
  };
};
