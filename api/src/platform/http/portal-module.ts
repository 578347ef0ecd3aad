import type { ScheduledJob } from '../jobs/index.js';
import type { SocketHandler } from '../realtime/sockets.js';
import type { TopicRule } from '../realtime/topics.js';
import type { AppRouter } from './router.js';

/**
 * What an API module contributes to a process (modules/<area>/index.ts exports one; modules/index.ts
 * lists them). A process started with MODULES=<area,...> mounts those routers and starts only their
 * jobs, socket handlers and the platform services they need (a team runs only its module).
 */
export interface PortalModule {
  router: AppRouter;
  /** its folder under modules/ when that is not its mount name (docs/decisions.md "One module shape") */
  folder?: string;
  /** scheduled jobs (pg-boss): one run per schedule across every process that serves the module */
  jobs?: ScheduledJob[];
  /** what browsers may send over the live socket for this module */
  socketHandlers?: SocketHandler[];
  /** who may watch the live topics of this module's objects (their GET rules) */
  liveTopics?: TopicRule[];
  /** platform services started at boot for this module (Plaid: the local sandbox without keys) */
  needs?: 'plaid'[];
}
