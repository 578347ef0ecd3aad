import type { AppRouter } from '../platform/http/router.js';
import type { ScheduledJob } from '../platform/jobs/index.js';
import type { SocketHandler } from '../platform/realtime/sockets.js';
import { jobs as adminJobs, router as admin } from './admin/index.js';
import { jobs as bankingJobs, router as banking } from './banking/index.js';
import { router as auth } from './auth/index.js';
import { jobs as campaignJobs, router as campaigns } from './campaigns/index.js';
import { router as contact } from './contact/index.js';
import { jobs as invoiceJobs, router as invoices } from './invoices/index.js';
import { router as kyc } from './kyc/index.js';
import { jobs as marketplaceJobs, router as marketplace } from './marketplace/index.js';
import { router as messages, socketHandlers as messageSocket } from './messages/index.js';
import { router as platform } from './platform/index.js';
import { router as profile } from './profile/index.js';
import { router as social } from './social/index.js';
import { router as support } from './support/index.js';
import { router as wallet } from './wallet/index.js';

/** Every module, mounted at /api/<name>. Adding an area = adding one line here. */
export const MODULES: Record<string, AppRouter> = { auth, contact, platform, wallet, admin, profile, kyc, marketplace, campaigns, messages, social, support, invoices, banking };

/** Every module's scheduled jobs (platform/jobs), started by the server. */
export const JOBS: ScheduledJob[] = [...marketplaceJobs, ...campaignJobs, ...adminJobs, ...invoiceJobs, ...bankingJobs];

/** What browsers may send over the live socket (platform/realtime/sockets.ts), by module. */
export const SOCKET_HANDLERS: SocketHandler[] = [...messageSocket];
