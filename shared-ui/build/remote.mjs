// The rspack config of every remote (mfe-*): a Module Federation remote that also runs standalone
// (`pnpm --filter @portal/<name> dev`) against the same API through the dev-server proxy.
// A remote's rspack.config.mjs only names itself:
//
//   export default remoteConfig(import.meta.url, { port: 3004, exposes: { './App': './src/app/App.tsx' } });
//
// The name comes from the remote's package.json ("@portal/mfe-x" -> container "mfe_x"), the
// standalone page's HTML is written here (title "<name> (standalone)", a #root), and the bundler
// packages are resolved from the remote's own folder (shared-ui does not depend on them).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { baseAppConfig, compileHints, federationName, sharedModules } from './federation.mjs';

const standaloneHtml = (title) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>${title}</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`;

/**
 * @param {string} configUrl the remote's `import.meta.url` (its rspack.config.mjs)
 * @param {{ port: number, exposes: Record<string, string> }} options dev-server port and the
 *   modules the remote exposes (the portal loads `./App`)
 */
export function remoteConfig(configUrl, { port, exposes }) {
  const here = (p) => fileURLToPath(new URL(p, configUrl));
  const require = createRequire(configUrl);
  const { rspack } = require('@rspack/core');
  const { ModuleFederationPlugin } = require('@module-federation/enhanced/rspack');
  const pkg = JSON.parse(readFileSync(here('./package.json'), 'utf8'));
  const name = federationName(pkg.name);

  return (_env, argv) => {
    const isDev = argv.mode !== 'production';
    const api = process.env.PORTAL_API ?? 'http://localhost:3000';
    const base = baseAppConfig({ isDev, uniqueName: name });
    return {
      ...base,
      context: here('.'),
      // chunkLoadingGlobal: the bundler's default, named here because the shell's loader empties it
      // when another release of this remote replaces the loaded one (shell/src/remotes/loader.ts)
      output: {
        ...base.output,
        path: process.env.PORTAL_OUT_DIR ?? here('./dist'),
        publicPath: 'auto',
        chunkLoadingGlobal: `rspackChunk${name}`,
      },
      plugins: [
        new rspack.DefinePlugin({
          __REMOTE_VERSION__: JSON.stringify(process.env.PORTAL_REMOTE_VERSION ?? pkg.version),
          __BUILD_MARKER__: JSON.stringify(process.env.PORTAL_BUILD_MARKER ?? ''),
        }),
        // standalone page: only the main chunk (TOOLCHAIN.md)
        new rspack.HtmlRspackPlugin({
          templateContent: standaloneHtml(`${pkg.name.replace(/^@portal\//, '')} (standalone)`),
          chunks: ['main'],
        }),
        ...(isDev ? [] : [compileHints(rspack)]),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
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
        port,
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api'], target: api, changeOrigin: true }],
      },
    };
  };
}
