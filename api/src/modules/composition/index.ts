import { createRouter } from '../../platform/http/router.js';
import { logo } from './assets/handlers.js';
import { logoRoute } from './assets/routes.js';
import { report } from './load-failures/handlers.js';
import { loadFailureRoute } from './load-failures/routes.js';
import { current, endPreview, list, preview } from './releases/handlers.js';
import { endPreviewRoute, listReleasesRoute, makeCurrentRoute, previewRoute } from './releases/routes.js';
import { remotes } from './remotes/handlers.js';
import { remotesRoute } from './remotes/routes.js';

/**
 * /api/platform, served from modules/composition (docs/decisions.md "One module shape": `platform`
 * names the shared layer, src/platform): how the portal is composed at run time. Each path's code is
 * in the folder of its segment: /remotes -> remotes/ (the registry the shell reads at start),
 * /assets/logo/{file} -> assets/ (shared static assets), /releases/** -> releases/ (remote releases
 * for admins), /load-failures -> load-failures/ (the loader's failure reports).
 */
export const router = createRouter()
  .openapi(remotesRoute, remotes)
  .openapi(logoRoute, logo)
  .openapi(listReleasesRoute, list)
  .openapi(makeCurrentRoute, current)
  .openapi(previewRoute, preview)
  .openapi(endPreviewRoute, endPreview)
  .openapi(loadFailureRoute, report);
