// Writes provided-shared.json next to the shell's build: the version of every shared singleton this
// shell provides (react, react-dom, styled-components, redux, shared-ui, ...). Publishing a remote
// (scripts/publish-remote.mjs) compares the remote's required versions with it and refuses a build
// the running shell cannot serve, instead of the page breaking at run time. The versions
// are the shell's shared config (shared-ui/build/federation.mjs pins them exactly).
const PLUGIN = 'ProvidedSharedPlugin';

export class ProvidedSharedPlugin {
  constructor(shared) {
    this.provided = Object.fromEntries(
      Object.entries(shared).map(([name, s]) => [name, s.version ?? s.requiredVersion]),
    );
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        compilation.emitAsset(
          'provided-shared.json',
          new sources.RawSource(`${JSON.stringify(this.provided, null, 2)}\n`),
        );
      });
    });
  }
}
