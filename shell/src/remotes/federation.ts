import { createInstance, type ModuleFederation } from '@module-federation/enhanced/runtime';
import * as runtimeCore from '@module-federation/runtime-core';
import * as sharedUi from '@portal/shared-ui';
import * as reduxToolkit from '@reduxjs/toolkit';
import * as rtkQuery from '@reduxjs/toolkit/query';
import * as rtkQueryReact from '@reduxjs/toolkit/query/react';
import * as React from 'react';
import * as ReactDom from 'react-dom';
import * as ReactDomClient from 'react-dom/client';
import * as jsxDevRuntime from 'react/jsx-dev-runtime';
import * as jsxRuntime from 'react/jsx-runtime';
import * as reactRedux from 'react-redux';
import * as styledComponents from 'styled-components';
import fallbackPlugin from '../runtime-plugins/fallback-plugin';
import retryPlugin from '../runtime-plugins/retry-plugin';

/**
 * The Module Federation runtime of the page, loaded with the first remote (src/remotes/loader.ts):
 * the shell is built without the bundler plugin, so its own code imports react & co. directly and
 * the public pages never download or evaluate the runtime (docs/decisions.md "The federation
 * runtime off the first load"). The shell provides its singletons to the remotes from here.
 */
declare global {
  /** shared-ui/build/federation.mjs sharedModules(), put in by the shell's rspack config */
  const __PORTAL_SHARED__: Record<string, { requiredVersion: string; version?: string }>;
}

/**
 * Every module the shell shares, as the shell's own instance. Redux Toolkit and the part of shared-ui
 * the shell's pages do not use are in this chunk ("federation", with the runtime: one file for a
 * remote area, preloaded on a remote's route); the rest is the shell's first load.
 */
const provided: Record<string, unknown> = {
  react: React,
  'react/jsx-runtime': jsxRuntime,
  'react/jsx-dev-runtime': jsxDevRuntime,
  'react-dom': ReactDom,
  'react-dom/client': ReactDomClient,
  'styled-components': styledComponents,
  '@reduxjs/toolkit': reduxToolkit,
  '@reduxjs/toolkit/query': rtkQuery,
  '@reduxjs/toolkit/query/react': rtkQueryReact,
  'react-redux': reactRedux,
  '@portal/shared-ui': sharedUi,
};

function sharedConfig() {
  return Object.fromEntries(
    Object.entries(__PORTAL_SHARED__).map(([name, { requiredVersion, version }]) => {
      const module = provided[name];
      if (!module) throw new Error(`the shell does not provide the shared module ${name}`);
      return [
        name,
        {
          version: version ?? requiredVersion,
          // an instance already loaded: the share scope records the shell as its provider
          lib: () => module,
          shareConfig: { singleton: true, requiredVersion, strictVersion: false },
        },
      ];
    }),
  );
}

// Remotes are built with `externalRuntime` (shared-ui/build/remote.mjs): their remoteEntry.js takes
// this runtime from the global instead of carrying a copy of its own.
Object.assign(runtimeCore.Global, { _FEDERATION_RUNTIME_CORE: runtimeCore });

export const federation: ModuleFederation = createInstance({
  name: 'shell',
  remotes: [],
  shared: sharedConfig(),
  plugins: [retryPlugin(), fallbackPlugin()],
});
