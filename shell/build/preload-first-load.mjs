// Preloads the JS of the shell's first load from index.html. The entry (main) only holds the
// runtime; it then imports ./bootstrap, whose chunk and the shared libraries it consumes (react,
// react-dom, styled-components, react-redux, shared-ui, provided by the shell itself) are fetched
// only after main has run: a second round trip on every first visit. <link rel=preload as=script>
// for exactly those chunks lets the browser fetch them in parallel with main; the federation runtime
// then finds them in the cache. Lazy pages, RTK and remotes are not preloaded.
//
// The entry's own script tag gets fetchpriority="high".
//
// It also writes preload.json: `remoteArea`, the shell chunks every remote area loads (Redux Toolkit
// and RTK Query, imported by src/remotes/loader.ts), which the server preloads on a remote's route
// for a visitor who may be signed in (api/src/platform/http/shell-html.ts).
//
// The chunks are read from the compilation: the chunk groups of the given import requests, plus the
// "provide shared module" chunk group of every shared package a module of those groups (or of such
// a shared package) consumes.
const PLUGIN = 'PreloadFirstLoadPlugin';
const CONSUME = /^consume shared module \([^)]*\) (.+?)@/;
const PROVIDE = /^provide shared module \([^)]*\) (.+?)@/;

export class PreloadFirstLoadPlugin {
  constructor({
    entryRequest = './bootstrap',
    remoteAreaRequests = ['@reduxjs/toolkit', '@reduxjs/toolkit/query/react'],
    html = 'index.html',
  } = {}) {
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
        const origin = (g) =>
          (g.origins ?? []).map((o) => ({ request: o.request, id: o.module?.identifier?.() ?? '' }));
        /** JS files of the chunk groups imported by `requests`, with the shared packages they consume. */
        const filesFor = (requests) => {
          const start = groups.filter((g) => origin(g).some((o) => requests.includes(o.request)));
          if (start.length === 0)
            compilation.warnings.push(
              new compiler.webpack.WebpackError(`${PLUGIN}: no chunk group for import of ${requests.join(', ')}`),
            );
          const files = new Set();
          const consumed = new Set();
          const seen = new Set();
          const take = (g) => {
            if (seen.has(g)) return false;
            seen.add(g);
            for (const chunk of g.chunks) {
              for (const f of chunk.files) if (f.endsWith('.js')) files.add(f);
              for (const m of compilation.chunkGraph.getChunkModules(chunk)) {
                const hit = CONSUME.exec(m.identifier());
                if (hit) consumed.add(hit[1]);
              }
            }
            return true;
          };
          for (const g of start) take(g);
          // shared libraries consume others (react-dom/client -> react-dom): until nothing new
          for (let grew = true; grew;) {
            grew = false;
            for (const g of groups) {
              const provides = origin(g)
                .map((o) => PROVIDE.exec(o.id)?.[1])
                .filter(Boolean);
              if (provides.some((p) => consumed.has(p)) && take(g)) grew = true;
            }
          }
          return files;
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
