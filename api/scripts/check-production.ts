// The production start check alone (api/src/platform/config/production.ts), for scripts/portal.mjs to
// run before it spends minutes building for `NODE_ENV=production npm start`; the server runs it again.
import { selectedModules } from '../src/app.js';
import { moduleServices } from '../src/modules/index.js';
import { refuseUnsafeProduction } from '../src/platform/config/production.js';

refuseUnsafeProduction({ banking: moduleServices(selectedModules()).plaid });
