// Preloads the JS of the shell's first load from index.html. The entry (main) holds the early work
// (remote preload, session); it then imports ./bootstrap, whose chunks (the libraries: react,
// react-dom, styled-components, react-redux, the used part of shared-ui, and the shell's app) are
// fetched only after main has run: a second round trip on every first visit. <link rel=preload
// as=script> for exactly those chunks lets the browser fetch them in parallel with main. Lazy pages,
// the federation runtime, RTK and remotes are not preloaded.
//
// The entry's own script tag gets fetchpriority="high".
//
// It also writes preload.json: `remoteArea`, the shell chunks every remote area loads (the federation
// runtime with Redux Toolkit, RTK Query and the rest of shared-ui: src/remotes/federation.ts), which
// the server preloads on a remote's route for a visitor who may be signed in
// (api/src/platform/http/shell-html.ts).
//
// The chunks are read from the compilation: the chunk groups of the given import requests.
const PLUGIN = 'PreloadFirstLoadPlugin';

export class PreloadFirstLoadPlugin {
  constructor({ entryRequest = './bootstrap', remoteAreaRequests = ['./federation'], html = 'index.html' } = {}) {
    this.entryRequest = entryRequest;
    this.remoteAreaRequests = remoteAreaRequests;
    this.html = html;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const asset = compilation.getAsset(this.html);
        if (!asset) return;
        const groups = [...compilation.chunkGroups];
        const origin = (g) => (g.origins ?? []).map((o) => ({ request: o.request }));
        /** JS files of the chunk groups imported by `requests`. */
        const filesFor = (requests) => {
          const start = groups.filter((g) => origin(g).some((o) => requests.includes(o.request)));
          if (start.length === 0)
            compilation.warnings.push(
              new compiler.webpack.WebpackError(`${PLUGIN}: no chunk group for import of ${requests.join(', ')}`),
            );
          return new Set(
            start.flatMap((g) => g.chunks.flatMap((chunk) => [...chunk.files])).filter((f) => f.endsWith('.js')),
          );
        };
        const publicPath = compilation.outputOptions.publicPath === 'auto' ? '/' : compilation.outputOptions.publicPath;
        const firstLoad = filesFor([this.entryRequest]);
        const remoteArea = [...filesFor(this.remoteAreaRequests)].filter((f) => !firstLoad.has(f));
        const links = [...firstLoad]
          .sort()
          .map((f) => `<link rel="preload" as="script" href="${publicPath}${f}">`)
          .join('');
        // the entry is a deferred script, which Chromium fetches at Low priority behind the preloads
        // it needs first: fetchpriority="high" puts it with them
        const html = asset.source
          .source()
          .toString()
          .replace('<script defer src=', '<script defer fetchpriority="high" src=')
          .replace('</head>', `${links}</head>`);
        compilation.updateAsset(this.html, new sources.RawSource(html));
        compilation.emitAsset(
          'preload.json',
          new sources.RawSource(JSON.stringify({ remoteArea: remoteArea.sort().map((f) => `${publicPath}${f}`) })),
        );
      });
    });
  }
}
