import { createRouter } from '../../platform/http/router.js';
import { canaries, canaryShare, rule } from './canary/handlers.js';
import { canariesRoute, canaryShareRoute, ruleRoute } from './canary/routes.js';
import { logo, remotes } from './handlers.js';
import { report } from './load-failures/handlers.js';
import { loadFailureRoute } from './load-failures/routes.js';
import { current, endPreview, list, preview } from './releases/handlers.js';
import { endPreviewRoute, listReleasesRoute, makeCurrentRoute, previewRoute } from './releases/routes.js';
import type { ScheduledJob } from '../../platform/jobs/index.js';
import { pruneReleaseFiles } from './retention/service.js';
import { logoRoute, remotesRoute } from './routes.js';
import { report as vitalsReport } from './vitals/handlers.js';
import { vitalsRoute } from './vitals/routes.js';

/**
 * /api/platform: what the shell needs at start (remote registry), shared static assets, remote
 * releases for admins (releases/) and the loader's failure reports (load-failures/).
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
