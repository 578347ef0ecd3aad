import { createRouter } from '../../platform/http/router.js';
import type { ScheduledJob } from '../../platform/jobs/index.js';
import * as campaigns from './campaigns/handlers.js';
import * as c from './campaigns/routes.js';
import { closeEndedCampaigns } from './closing.js';
import * as comments from './comments/handlers.js';
import * as currencies from './currencies/handlers.js';
import { currenciesRoute } from './currencies/routes.js';
import { commentRoute } from './comments/routes.js';
import * as investments from './investments/handlers.js';
import { cancelRoute, investRoute, quoteRoute as investQuoteRoute } from './investments/routes.js';
import * as logos from './logos/handlers.js';
import { logoFileRoute, uploadLogoRoute } from './logos/routes.js';
import * as my from './my/handlers.js';
import { myCampaignsRoute, myInvestmentsRoute } from './my/routes.js';
import * as review from './review/handlers.js';
import { approveRoute, rejectRoute, reviewQueueRoute } from './review/routes.js';
import * as updates from './updates/handlers.js';
import { postUpdateRoute } from './updates/routes.js';

/**
 * /api/campaigns. The root and /{id} -> campaigns/ (browse, create a draft, show, edit, submit);
 * /{id}/investments and /investments/** -> investments/ (the money); /{id}/updates -> updates/;
 * /{id}/comments -> comments/; /currencies -> currencies/; /{id}/logo and /logos/** -> logos/; /my/** -> my/; /review/** (admin)
 * -> review/; the scheduled end of campaigns -> closing.ts. Shapes: schemas.ts; rows -> JSON: views.ts.
 * Fixed paths are registered before /{id} so that /my, /review and /logos never read as ids.
 */
export const router = createRouter()
  .openapi(currenciesRoute, currencies.list)
  .openapi(myInvestmentsRoute, my.investments)
  .openapi(myCampaignsRoute, my.campaigns)
  .openapi(reviewQueueRoute, review.queue)
  .openapi(approveRoute, review.approve)
  .openapi(rejectRoute, review.reject)
  .openapi(logoFileRoute, logos.file)
  .openapi(cancelRoute, investments.cancel)
  .openapi(c.browseRoute, campaigns.browse)
  .openapi(c.createRoute_, campaigns.create)
  .openapi(c.showRoute, campaigns.show)
  .openapi(c.editRoute, campaigns.edit)
  .openapi(c.submitRoute, campaigns.submit)
  .openapi(uploadLogoRoute, logos.upload)
  .openapi(investQuoteRoute, investments.quote)
  .openapi(investRoute, investments.invest)
  .openapi(postUpdateRoute, updates.post)
  .openapi(commentRoute, comments.post);

/** Campaigns past their end date are funded or closed (hourly; the job looks at the rows). */
export const jobs: ScheduledJob[] = [{ name: 'campaigns-close', cron: '5 * * * *', run: closeEndedCampaigns }];

/** Who may watch this module's live pages (platform/realtime/topics.ts). */
export { liveTopics } from './live-topics.js';
