import type { ScheduledJob } from '../../platform/jobs/index.js';
import { createRouter } from '../../platform/http/router.js';
import * as contracts from './contracts/handlers.js';
import { contractRoute } from './contracts/routes.js';
import * as disputes from './disputes/handlers.js';
import { disputesRoute, resolveRoute } from './disputes/routes.js';
import * as milestones from './milestones/handlers.js';
import * as m from './milestones/routes.js';
import { autoReleaseDue } from './milestones/service.js';
import * as my from './my/handlers.js';
import { myContractsRoute, myProjectsRoute, myProposalsRoute } from './my/routes.js';
import * as projects from './projects/handlers.js';
import { editProjectRoute, findWorkRoute, postProjectRoute, projectRoute } from './projects/routes.js';
import * as proposals from './proposals/handlers.js';
import { acceptRoute, proposeRoute, rejectRoute, withdrawRoute } from './proposals/routes.js';
import { skills } from './skills/handlers.js';
import { skillsRoute } from './skills/routes.js';

/**
 * /api/marketplace. Each path's code is in the folder of its first segment (routes.ts, handlers.ts,
 * service.ts, tests): /projects[/{id}] -> projects/, /projects/{id}/proposals and /proposals/** ->
 * proposals/, /contracts/{id} -> contracts/, /contracts/{id}/milestones/** and /milestones/** ->
 * milestones/ (escrow.ts: the money side), /my/** -> my/, /skills -> skills/, /disputes/** (admin) ->
 * disputes/. Shared shapes: schemas.ts; Prisma rows -> JSON: views.ts.
 */
export const router = createRouter()
  .openapi(skillsRoute, skills)
  .openapi(findWorkRoute, projects.find)
  .openapi(postProjectRoute, projects.post)
  .openapi(projectRoute, projects.show)
  .openapi(editProjectRoute, projects.edit)
  .openapi(proposeRoute, proposals.propose)
  .openapi(acceptRoute, proposals.accept)
  .openapi(rejectRoute, proposals.reject)
  .openapi(withdrawRoute, proposals.withdraw)
  .openapi(myProjectsRoute, my.projects)
  .openapi(myContractsRoute, my.contracts)
  .openapi(myProposalsRoute, my.proposals)
  .openapi(contractRoute, contracts.show)
  .openapi(m.holdQuoteRoute, milestones.holdQuote)
  .openapi(m.addMilestoneRoute, milestones.add)
  .openapi(m.payQuoteRoute, milestones.payQuote)
  .openapi(m.submitRoute, milestones.submit)
  .openapi(m.approveRoute, milestones.approve)
  .openapi(m.cancelRoute, milestones.cancel)
  .openapi(m.requestChangesRoute, milestones.requestChanges)
  .openapi(m.disputeRoute, milestones.dispute)
  .openapi(disputesRoute, disputes.list)
  .openapi(resolveRoute, disputes.resolve);

/** Submitted milestones left 14 days are paid (hourly; the job looks at the rows, not at when it last ran). */
export const jobs: ScheduledJob[] = [{ name: 'marketplace-auto-release', cron: '0 * * * *', run: autoReleaseDue }];

/** Who may watch this module's live pages (platform/realtime/topics.ts). */
export { liveTopics } from './live-topics.js';
