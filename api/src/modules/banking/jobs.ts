import { getPrisma } from '../../platform/db/prisma.js';
import type { ScheduledJob } from '../../platform/jobs/index.js';
import { syncTransferEvents } from './events/sync.js';
import { sendToPlaid } from './transfers/at-plaid.js';

/** A request older than this still 'requested' lost its Plaid step (a crash, a network failure): it is taken again. */
const STUCK_AFTER_MS = 60_000;

/** Requests whose Plaid step did not happen; the step's idempotency keys make a second try harmless. */
export async function resumeRequested(now: Date) {
  const stuck = await getPrisma().bankTransfer.findMany({
    where: { status: 'requested', createdAt: { lt: new Date(now.getTime() - STUCK_AFTER_MS) } },
    select: { id: true },
    take: 100,
  });
  for (const { id } of stuck) await sendToPlaid(id);
  return { resumed: stuck.length };
}

/** Every minute: a missed webhook costs at most a minute (the sync is the truth; webhooks only hurry it). */
export const jobs: ScheduledJob[] = [
  { name: 'banking-transfer-events', cron: '* * * * *', run: () => syncTransferEvents() },
  { name: 'banking-resume-requests', cron: '* * * * *', run: resumeRequested },
];
