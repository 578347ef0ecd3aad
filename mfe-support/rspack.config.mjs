// mfe-support: Module Federation remote exposing ./App (its <Routes>); shared config in shared-ui/build/remote.mjs.
import { remoteConfig } from '../shared-ui/build/remote.mjs';

export default remoteConfig(import.meta.url, { port: 3007, exposes: { './App': './src/app/App.tsx' } });
