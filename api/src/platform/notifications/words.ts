import type { NotificationKind } from '../../generated/prisma/enums.js';
import type { NotificationData } from './index.js';

/**
 * What an entry says, made when it is read from its kind, who did it and its data (so a person's
 * current name shows). Every kind has words here and a label for the e-mail settings; the
 * type makes a kind without words a compile error.
 */
interface Said {
  actor: string;
  d: NotificationData;
}
const money = (d: NotificationData) => `${d.amount ?? ''} ${d.asset ?? ''}`.trim();
const quoted = (d: NotificationData) => `"${d.title ?? ''}"`;

export const NOTIFICATION_WORDS: Record<NotificationKind, { label: string; text: (s: Said) => string }> = {
  money_received: { label: 'Money received', text: ({ actor, d }) => `${actor} sent you ${money(d)}.` },
  request_received: {
    label: 'Payment request received',
    text: ({ actor, d }) => `${actor} requested ${money(d)} from you.`,
  },
  request_paid: { label: 'Payment request paid', text: ({ actor, d }) => `${actor} paid your request: ${money(d)}.` },
  proposal_received: {
    label: 'Proposal received',
    text: ({ actor, d }) => `${actor} sent a proposal for ${quoted(d)}.`,
  },
  proposal_accepted: {
    label: 'Proposal accepted',
    text: ({ actor, d }) => `${actor} accepted your proposal for ${quoted(d)}.`,
  },
  proposal_rejected: {
    label: 'Proposal rejected',
    text: ({ actor, d }) => `${actor} rejected your proposal for ${quoted(d)}.`,
  },
  milestone_funded: {
    label: 'Milestone funded',
    text: ({ actor, d }) => `${actor} funded the milestone ${quoted(d)}: ${money(d)} in escrow.`,
  },
  milestone_submitted: {
    label: 'Milestone submitted',
    text: ({ actor, d }) => `${actor} submitted the milestone ${quoted(d)} for payment.`,
  },
  milestone_changes_requested: {
    label: 'Changes requested',
    text: ({ actor, d }) => `${actor} asked for changes to the milestone ${quoted(d)}.`,
  },
  milestone_approved: {
    label: 'Milestone approved',
    text: ({ actor, d }) => `${actor} approved the milestone ${quoted(d)}: ${money(d)} paid to you, less the fee.`,
  },
  milestone_auto_released: {
    label: 'Milestone released automatically',
    text: ({ actor, d }) =>
      d.role === 'client'
        ? `The milestone ${quoted(d)} was paid to ${actor} automatically, 14 days after it was submitted: ${money(d)}.`
        : `The milestone ${quoted(d)} was paid to you automatically, 14 days after you submitted it: ${money(d)}, less the fee.`,
  },
  milestone_disputed: {
    label: 'Milestone disputed',
    text: ({ actor, d }) => `${actor} disputed the milestone ${quoted(d)}.`,
  },
  milestone_resolved: {
    label: 'Dispute resolved',
    text: ({ d }) =>
      `The dispute about the milestone ${quoted(d)} was resolved: ${money(d)} to the freelancer, the rest back to the client.`,
  },
  investment_confirmed: {
    label: 'Investment confirmed',
    text: ({ d }) => `${d.title} reached its target: your investment of ${money(d)} is confirmed.`,
  },
  investment_refunded: {
    label: 'Investment refunded',
    text: ({ d }) => `${d.title} did not reach its target: your ${money(d)} was returned to your wallet.`,
  },
  campaign_approved: {
    label: 'Campaign approved',
    text: ({ d }) => `Your campaign ${d.title} was approved and is live.`,
  },
  campaign_rejected: { label: 'Campaign rejected', text: ({ d }) => `Your campaign ${d.title} was not approved.` },
  campaign_funded: {
    label: 'Campaign funded',
    text: ({ d }) => `Your campaign ${d.title} reached its target and is funded.`,
  },
  campaign_failed: {
    label: 'Campaign closed below its target',
    text: ({ d }) => `Your campaign ${d.title} ended below its target; every investment was returned.`,
  },
  invoice_received: {
    label: 'Invoice received',
    text: ({ actor, d }) => `${actor} sent you invoice ${d.title} for ${money(d)}.`,
  },
  invoice_viewed: { label: 'Invoice viewed', text: ({ actor, d }) => `${actor} viewed invoice ${d.title}.` },
  invoice_paid: { label: 'Invoice paid', text: ({ actor, d }) => `${actor} paid invoice ${d.title}: ${money(d)}.` },
  invoice_overdue: {
    label: 'Invoice overdue',
    text: ({ actor, d }) =>
      d.role === 'client'
        ? `Invoice ${d.title} from ${actor} (${money(d)}) is overdue.`
        : `Invoice ${d.title} (${money(d)}) is overdue.`,
  },
  deposit_settled: {
    label: 'Deposit arrived',
    text: ({ d }) => `Your deposit of ${money(d)} from ${d.title} arrived in your wallet.`,
  },
  deposit_failed: { label: 'Deposit failed', text: ({ d }) => `Your deposit of ${money(d)} from ${d.title} failed.` },
  withdrawal_paid: {
    label: 'Withdrawal paid',
    text: ({ d }) => `Your withdrawal of ${money(d)} to ${d.title} was paid.`,
  },
  withdrawal_returned: {
    label: 'Withdrawal returned',
    text: ({ d }) =>
      `Your withdrawal of ${money(d)} to ${d.title} did not go through; the money is back in your wallet.`,
  },
  ticket_answered: { label: 'Ticket answered', text: ({ d }) => `Support answered your ticket ${d.title}.` },
  ticket_resolved: { label: 'Ticket resolved', text: ({ d }) => `Your ticket ${d.title} was resolved.` },
  kyc_approved: { label: 'Identity verified', text: () => 'Your identity verification was approved.' },
  kyc_rejected: {
    label: 'Identity verification rejected',
    text: () => 'Your identity verification was rejected. Open your profile to see why.',
  },
  friend_request: { label: 'Friend request', text: ({ actor }) => `${actor} sent you a friend request.` },
  message_received: { label: 'New message', text: ({ actor }) => `${actor} sent you a message.` },
  release_rolled_back: {
    label: 'Canary rolled back',
    text: ({ d }) => `The canary ${d.title} was rolled back automatically: it did worse than the current release.`,
  },
};

/** The kinds that have an e-mail today, the ones a user can turn off on their profile (default on). */
export const EMAIL_KINDS = [
  'invoice_received',
  'invoice_paid',
  'ticket_answered',
  'ticket_resolved',
  'campaign_funded',
  'campaign_failed',
  'investment_confirmed',
  'investment_refunded',
] as const satisfies readonly NotificationKind[];
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** A person as an entry names them: full name, else @username, else the invoice client's typed name. */
export function actorName(
  actor: { fullName: string | null; username: string | null } | null,
  d: NotificationData,
): string {
  return actor?.fullName || (actor?.username ? `@${actor.username}` : (d.name ?? 'Someone'));
}
