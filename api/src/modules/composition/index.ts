import { createRouter } from '../../platform/http/router.js';
import type { ScheduledJob } from '../../platform/jobs/index.js';
import { logo } from './assets/handlers.js';
import { logoRoute } from './assets/routes.js';
import { canaries, canaryShare } from './canaries/handlers.js';
import { canariesRoute, canaryShareRoute } from './canaries/routes.js';
import { report } from './load-failures/handlers.js';
import { loadFailureRoute } from './load-failures/routes.js';
import { current, endPreview, list, preview } from './releases/handlers.js';
import { endPreviewRoute, listReleasesRoute, makeCurrentRoute, previewRoute } from './releases/routes.js';
import { rule } from './release-rules/handlers.js';
import { ruleRoute } from './release-rules/routes.js';
import { remotes } from './remotes/handlers.js';
import { remotesRoute } from './remotes/routes.js';
import { pruneReleaseFiles } from './retention/service.js';
import { report as vitalsReport } from './vitals/handlers.js';
import { vitalsRoute } from './vitals/routes.js';

/**
 * /api/platform, served from modules/composition (docs/decisions.md "One module shape": `platform`
 * names the shared layer, src/platform): how the portal is composed at run time. Each path's code is
 * in the folder of its segment: /remotes -> remotes/ (the registry the shell reads at start),
 * /assets/logo/{file} -> assets/ (shared static assets), /releases/** -> releases/ (remote releases
 * for admins; /releases/canaries and /releases/{id}/canary -> canaries/), /release-rules/** ->
 * release-rules/ (automatic rollback), /load-failures -> load-failures/ (the loader's failure
 * reports), /vitals -> vitals/ (browsers' health reports per release).
 */
export const router = createRouter()
  .openapi(remotesRoute, remotes)
  .openapi(logoRoute, logo)
  .openapi(listReleasesRoute, list)
  .openapi(makeCurrentRoute, current)
  .openapi(previewRoute, preview)
  .openapi(endPreviewRoute, endPreview)
  .openapi(loadFailureRoute, report)
  .openapi(canariesRoute, canaries)
  .openapi(canaryShareRoute, canaryShare)
  .openapi(ruleRoute, rule)
  .openapi(vitalsRoute, vitalsReport);

/** Daily: deletes the build files of releases no page or rollback can need (retention/service.ts). */
export const jobs: ScheduledJob[] = [{ name: 'remote-release-retention', cron: '17 3 * * *', run: pruneReleaseFiles }];
