import type { PortalModule } from '../platform/http/portal-module.js';
import { jobs as adminJobs, router as admin } from './admin/index.js';
import { jobs as bankingJobs, router as banking } from './banking/index.js';
import { router as auth } from './auth/index.js';
import { jobs as campaignJobs, liveTopics as campaignTopics, router as campaigns } from './campaigns/index.js';
import { router as contact } from './contact/index.js';
import { jobs as invoiceJobs, liveTopics as invoiceTopics, router as invoices } from './invoices/index.js';
import { router as kyc } from './kyc/index.js';
import {
  jobs as marketplaceJobs,
  liveTopics as marketplaceTopics,
  router as marketplace,
} from './marketplace/index.js';
import { router as messages, socketHandlers as messageSocket } from './messages/index.js';
import { router as notifications } from './notifications/index.js';
import { jobs as platformJobs, router as platform } from './composition/index.js';
import { router as profile } from './profile/index.js';
import { router as social } from './social/index.js';
import { liveTopics as supportTopics, router as support } from './support/index.js';
import { liveTopics as walletTopics, router as wallet } from './wallet/index.js';

/** Every module, mounted at /api/<name>. Adding an area = adding one line here. */
export const MODULES: Record<string, PortalModule> = {
  auth: { router: auth },
  contact: { router: contact },
  platform: { router: platform, jobs: platformJobs, folder: 'composition' },
  wallet: { router: wallet, liveTopics: walletTopics },
  admin: { router: admin, jobs: adminJobs },
  profile: { router: profile },
  kyc: { router: kyc },
  marketplace: { router: marketplace, jobs: marketplaceJobs, liveTopics: marketplaceTopics },
  campaigns: { router: campaigns, jobs: campaignJobs, liveTopics: campaignTopics },
  messages: { router: messages, socketHandlers: messageSocket },
  social: { router: social },
  support: { router: support, liveTopics: supportTopics },
  invoices: { router: invoices, jobs: invoiceJobs, liveTopics: invoiceTopics },
  banking: { router: banking, jobs: bankingJobs, needs: ['plaid'] },
  notifications: { router: notifications },
};

/**
 * Mounted in every process whatever MODULES says: the shell needs the remote registry (and the
 * health check answers) wherever a page or a gateway lands.
 */
export const ALWAYS_MOUNTED = ['platform'];

/** What the selected modules run besides their routes. */
export function moduleServices(names: string[]) {
  const selected = names.map((n) => MODULES[n]!);
  return {
    jobs: selected.flatMap((m) => m.jobs ?? []),
    socketHandlers: selected.flatMap((m) => m.socketHandlers ?? []),
    liveTopics: selected.flatMap((m) => m.liveTopics ?? []),
    plaid: selected.some((m) => m.needs?.includes('plaid')),
  };
}
