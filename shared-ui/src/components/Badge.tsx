import styled from 'styled-components';

export type BadgeKind = 'green' | 'yellow' | 'red' | 'blue' | 'grey' | 'primary' | 'outline';
export const Badge = styled.span<{ $kind?: BadgeKind }>`
  display: inline-flex; align-items: center; padding: 2px 10px;
  border-radius: ${(p) => p.theme.radius.full}; font-size: 12px; font-weight: 600; text-transform: capitalize;
  background: ${(p) => p.theme.colors.badge[p.$kind ?? 'grey'].bg};
  color: ${(p) => p.theme.colors.badge[p.$kind ?? 'grey'].fg};
  border: 1px solid ${(p) => (p.$kind === 'outline' ? p.theme.colors.border : 'transparent')};
`;
/** Transaction status colour (docs/product.md): completed green, pending yellow, anything else red. */
export function statusBadgeKind(status: string | null | undefined): BadgeKind {
  if (status === 'completed') return 'green';
  if (status === 'pending') return 'yellow';
  return 'red';
}

const KYC: Record<string, { kind: BadgeKind; label: string }> = {
  verified: { kind: 'green', label: 'Verified' },
  pending: { kind: 'yellow', label: 'Pending' },
  rejected: { kind: 'red', label: 'Rejected' },
};
/** A KYC status as a badge shows it (docs/product.md: verified, pending, rejected; anything else means not started). */
export function kycBadge(status: string | null | undefined): { kind: BadgeKind; label: string } {
  return KYC[status ?? ''] ?? { kind: 'grey', label: 'Not started' };
}

const TICKET: Record<string, { kind: BadgeKind; label: string }> = {
  open: { kind: 'blue', label: 'Open' },
  in_progress: { kind: 'yellow', label: 'In Progress' },
  on_hold: { kind: 'grey', label: 'On Hold' },
  resolved: { kind: 'green', label: 'Resolved' },
  closed: { kind: 'green', label: 'Closed' },
};
/** A support ticket's status as a badge (docs/product.md: open blue, in_progress yellow, resolved and closed green, others grey). */
export const ticketBadge = (status: string): { kind: BadgeKind; label: string } =>
  TICKET[status] ?? { kind: 'grey', label: status };
export const TICKET_STATUSES = ['open', 'in_progress', 'on_hold', 'resolved', 'closed'] as const;
export const TICKET_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
/** 'in_progress' -> 'In progress', 'urgent' -> 'Urgent' */
export const wordsOf = (value: string) => value.charAt(0).toUpperCase() + value.slice(1).replace(/_/g, ' ');

const INVOICE: Record<string, BadgeKind> = {
  paid: 'primary',
  sent: 'grey',
  viewed: 'grey',
  draft: 'outline',
  overdue: 'red',
  cancelled: 'outline',
};
/** An invoice's status as a badge (docs/product.md: paid default, sent and viewed secondary, draft outline, overdue destructive; cancelled: outline). */
export const invoiceBadge = (status: string): { kind: BadgeKind; label: string } => ({
  kind: INVOICE[status] ?? 'grey',
  label: wordsOf(status),
});
