import styled from 'styled-components';
import { Badge, Link, formatAmount, type BadgeKind } from '@portal/shared-ui';

/** Layout and words the campaign pages share. */
export const Page = styled.section`max-width: 1100px; margin: 0 auto; padding: 24px 16px 48px;`;
export const PageHead = styled.div`
  display: flex; align-items: center; justify-content: space-between; gap: 12px; flex-wrap: wrap; margin-bottom: 20px;
  h1 { font-size: 26px; margin: 0; }
  p { margin: 4px 0 0; color: ${(p) => p.theme.colors.mutedForeground}; }
`;
export const Back = styled(Link)`display: inline-block; margin-bottom: 12px; font-size: 14px; color: ${(p) => p.theme.colors.mutedForeground};`;
export const Muted = styled.p`color: ${(p) => p.theme.colors.mutedForeground}; font-size: 14px; margin: 0;`;
export const Row = styled.div`display: flex; gap: 8px; flex-wrap: wrap; align-items: center;`;
/** Text a user typed, shown as text with its line breaks (never as HTML). */
export const UserText = styled.p`white-space: pre-wrap; overflow-wrap: anywhere; margin: 0;`;
export const moneyText = (amount: string, asset: { symbol: string; scale: number }) => `${formatAmount(amount, asset.scale)} ${asset.symbol}`;

const Track = styled.div`height: 8px; border-radius: 999px; background: ${(p) => p.theme.colors.muted}; overflow: hidden;`;
const Fill = styled.div`height: 100%; background: ${(p) => p.theme.colors.primary};`;
/** Funding progress, capped at 100% (spec 001 §2). */
export function Progress({ percent }: { percent: number }) {
  const shown = Math.min(100, Math.max(0, percent));
  return <Track role="progressbar" aria-valuenow={shown} aria-valuemin={0} aria-valuemax={100} aria-label="Funding progress"><Fill style={{ width: `${shown}%` }} /></Track>;
}

const CAMPAIGN: Record<string, { label: string; kind: BadgeKind }> = {
  draft: { label: 'Draft', kind: 'grey' }, pending_approval: { label: 'In review', kind: 'yellow' }, active: { label: 'Live', kind: 'green' },
  funded: { label: 'Funded', kind: 'blue' }, closed: { label: 'Closed', kind: 'grey' }, rejected: { label: 'Rejected', kind: 'red' },
};
export function CampaignStatus({ status }: { status: string }) {
  const s = CAMPAIGN[status] ?? { label: status, kind: 'grey' as const };
  return <Badge $kind={s.kind}>{s.label}</Badge>;
}
/** Spec 001 §4 Investment badge: confirmed default, anything 'pending' secondary, anything else destructive. */
export function InvestmentStatus({ status }: { status: string }) {
  const kind: BadgeKind = status === 'confirmed' ? 'green' : status.includes('pending') ? 'yellow' : 'red';
  return <Badge $kind={kind}>{status.replace(/_/g, ' ')}</Badge>;
}
