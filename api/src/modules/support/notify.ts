import { getPrisma } from '../../platform/db/prisma.js';
import { logger } from '../../platform/logger.js';
import { wantsEmail } from '../../platform/notifications/preferences.js';
import type { EmailKind } from '../../platform/notifications/words.js';
import { sendEmail } from '../../platform/outbound/index.js';
import type { TicketStatus } from './schemas.js';

/**
 * E-mails to a ticket's user (told when an admin responds or changes the status), through
 * the outbox (platform/outbound). Sent after the change committed; a failure is logged and never
 * undoes the change. A deleted account gets none (its address is a placeholder).
 */
const label = (s: TicketStatus) => s.replace('_', ' ');

/** `kind`: the notification kind whose e-mail preference applies (none: always sent). */
async function tell(
  ticketUuid: string,
  mail: (t: { ticketId: string; subject: string }) => { subject: string; text: string },
  kind?: EmailKind,
) {
  const t = await getPrisma().customerSupportTicket.findUnique({
    where: { id: ticketUuid },
    select: {
      ticketId: true,
      subject: true,
      userId: true,
      user: { select: { deletedAt: true, user: { select: { email: true } } } },
    },
  });
  if (!t || t.user.deletedAt || (kind && !(await wantsEmail(t.userId, kind)))) return;
  await sendEmail({ to: t.user.user.email, userId: t.userId, ...mail(t) });
}

const safely = (ticketUuid: string, what: string, p: Promise<void>) =>
  p.catch((err: unknown) => logger.error({ err, ticket: ticketUuid }, `support e-mail: ${what}`));

export const tellAnswered = (ticketUuid: string, responseText: string) =>
  safely(
    ticketUuid,
    'answered',
    tell(
      ticketUuid,
      (t) => ({
        subject: `An administrator answered your ticket ${t.ticketId}`,
        text: `An administrator answered your support ticket ${t.ticketId} ("${t.subject}"):\n\n${responseText}\n\nOpen Support in the portal to read the whole conversation or to reply.`,
      }),
      'ticket_answered',
    ),
  );

export const tellStatusChanged = (ticketUuid: string, from: TicketStatus, to: TicketStatus) =>
  safely(
    ticketUuid,
    'status',
    tell(
      ticketUuid,
      (t) => ({
        subject: `Your ticket ${t.ticketId} is now ${label(to)}`,
        text: `The status of your support ticket ${t.ticketId} ("${t.subject}") changed from ${label(from)} to ${label(to)}.\n\nOpen Support in the portal to see it.`,
      }),
      to === 'resolved' ? 'ticket_resolved' : undefined,
    ),
  );
