import styled from 'styled-components';
import { Badge, formatAmount, type BadgeKind } from '@portal/shared-ui';

/** Layout and words the marketplace pages share. */
export { Back, Muted, Page, PageHead, Row, UserText } from '@portal/shared-ui';
export const Grid2 = styled.div`display: grid; gap: 16px; grid-template-columns: 1fr; @media (min-width: 768px) { grid-template-columns: 2fr 1fr; }`;

/** "500.00 USD" or "45.00 USD / hr". */
export function budgetText(amount: string, asset: { symbol: string; scale: number }, type?: string) {
  return `${formatAmount(amount, asset.scale)} ${asset.symbol}${type === 'hourly' ? ' / hr' : ''}`;
}
export const moneyText = (amount: string, asset: { symbol: string; scale: number }) =>
  `${formatAmount(amount, asset.scale)} ${asset.symbol}`;

const STATUS: Record<string, { label: string; kind: BadgeKind }> = {
  open: { label: 'Open', kind: 'green' },
  in_progress: { label: 'In progress', kind: 'blue' },
  completed: { label: 'Completed', kind: 'grey' },
  cancelled: { label: 'Cancelled', kind: 'grey' },
  submitted: { label: 'Submitted', kind: 'yellow' },
  accepted: { label: 'Accepted', kind: 'green' },
  rejected: { label: 'Rejected', kind: 'red' },
  withdrawn: { label: 'Withdrawn', kind: 'grey' },
  active: { label: 'Active', kind: 'green' },
  pending: { label: 'Pending', kind: 'yellow' },
  submitted_for_payment: { label: 'Submitted for payment', kind: 'blue' },
  paid: { label: 'Paid', kind: 'green' },
  disputed: { label: 'Disputed', kind: 'red' },
  resolved: { label: 'Resolved', kind: 'grey' },
};
/** A status in words (docs/product.md "Marketplace": other statuses shown as text). */
export function StatusBadge({ status }: { status: string }) {
  const s = STATUS[status] ?? { label: status.replace(/_/g, ' '), kind: 'grey' as const };
  return <Badge $kind={s.kind}>{s.label}</Badge>;
}
