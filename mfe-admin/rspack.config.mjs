// mfe-admin: Module Federation remote exposing ./App (the /admin area); shared config in shared-ui/build/remote.mjs.
import { remoteConfig } from '../shared-ui/build/remote.mjs';

export default remoteConfig(import.meta.url, { port: 3003, exposes: { './App': './src/app/App.tsx' } });
