import type { BadgeKind } from '@portal/shared-ui';

/**
 * A bank transfer's status as the 'Bank transfers' list shows it: Pending while the bank has it
 * (requested, pending, posted), Completed once settled (settled, funds_available), and Declined,
 * Failed or Returned in the destructive style, with the reason.
 */
export type TransferStatus =
  'requested' | 'declined' | 'pending' | 'posted' | 'settled' | 'funds_available' | 'failed' | 'returned';
export interface StatusBadge {
  label: string;
  kind: BadgeKind;
  pending: boolean;
  ended: boolean;
}

const BADGES: Record<TransferStatus, StatusBadge> = {
  requested: { label: 'Pending', kind: 'yellow', pending: true, ended: false },
  pending: { label: 'Pending', kind: 'yellow', pending: true, ended: false },
  posted: { label: 'Pending', kind: 'yellow', pending: true, ended: false },
  settled: { label: 'Completed', kind: 'green', pending: false, ended: false },
  funds_available: { label: 'Completed', kind: 'green', pending: false, ended: false },
  declined: { label: 'Declined', kind: 'red', pending: false, ended: true },
  failed: { label: 'Failed', kind: 'red', pending: false, ended: true },
  returned: { label: 'Returned', kind: 'red', pending: false, ended: true },
};

export const transferBadge = (status: TransferStatus): StatusBadge =>
  BADGES[status] ?? { label: status, kind: 'grey', pending: false, ended: false };
export const isPending = (t: { status: TransferStatus }) => transferBadge(t.status).pending;

/** The ids of `before` (pending then) that are no longer pending in `now`: money moved, or came back. */
export function finished(
  before: ReadonlySet<string>,
  now: readonly { id: string; status: TransferStatus }[],
): string[] {
  return now.filter((t) => before.has(t.id) && !isPending(t)).map((t) => t.id);
}

/** A linked account's status: anything but active is shown in red (docs/product.md "Linked accounts, deposits and withdrawal" Linked payment methods). */
export type AccountStatus = 'active' | 'login_required' | 'disconnected';
const ACCOUNT: Record<AccountStatus, { label: string; kind: BadgeKind }> = {
  active: { label: 'Active', kind: 'green' },
  login_required: { label: 'Sign-in required', kind: 'red' },
  disconnected: { label: 'Disconnected', kind: 'red' },
};
export const accountBadge = (status: AccountStatus) => ACCOUNT[status] ?? { label: status, kind: 'red' as const };
