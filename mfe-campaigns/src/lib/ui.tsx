import styled from 'styled-components';
import { Badge, formatAmount, type BadgeKind } from '@portal/shared-ui';

/** Layout and words the campaign pages share. */
export { Back, Muted, Page, PageHead, Row, UserText } from '@portal/shared-ui';
export const moneyText = (amount: string, asset: { symbol: string; scale: number }) =>
  `${formatAmount(amount, asset.scale)} ${asset.symbol}`;

const Track = styled.div`height: 8px; border-radius: 999px; background: ${(p) => p.theme.colors.muted}; overflow: hidden;`;
const Fill = styled.div`height: 100%; background: ${(p) => p.theme.colors.primary};`;
/** Funding progress, capped at 100% (docs/product.md "Campaigns and investments"). */
export function Progress({ percent }: { percent: number }) {
  const shown = Math.min(100, Math.max(0, percent));
  return (
    <Track role="progressbar" aria-valuenow={shown} aria-valuemin={0} aria-valuemax={100} aria-label="Funding progress">
      <Fill style={{ width: `${shown}%` }} />
    </Track>
  );
}

const CAMPAIGN: Record<string, { label: string; kind: BadgeKind }> = {
  draft: { label: 'Draft', kind: 'grey' },
  pending_approval: { label: 'In review', kind: 'yellow' },
  active: { label: 'Live', kind: 'green' },
  funded: { label: 'Funded', kind: 'blue' },
  closed: { label: 'Closed', kind: 'grey' },
  rejected: { label: 'Rejected', kind: 'red' },
};
export function CampaignStatus({ status }: { status: string }) {
  const s = CAMPAIGN[status] ?? { label: status, kind: 'grey' as const };
  return <Badge $kind={s.kind}>{s.label}</Badge>;
}
/** docs/product.md "Campaigns and investments" badge: confirmed default, anything 'pending' secondary, anything else destructive. */
export function InvestmentStatus({ status }: { status: string }) {
  const kind: BadgeKind = status === 'confirmed' ? 'green' : status.includes('pending') ? 'yellow' : 'red';
  return <Badge $kind={kind}>{status.replace(/_/g, ' ')}</Badge>;
}
