import { useState } from 'react';
import styled from 'styled-components';
import { Card, formatBalance, media } from '@portal/shared-ui';
import type { DashboardAsset, DashboardWallet } from '../api/get-dashboard';
import { symbolInitials } from './describe-transaction';

const Grid = styled.div`
  display: grid; gap: 12px; grid-template-columns: 1fr;
  ${media.md} { grid-template-columns: repeat(2, 1fr); }
  ${media.lg} { grid-template-columns: repeat(3, 1fr); }
`;
const Tile = styled(Card)`display: flex; align-items: center; gap: 12px; padding: 16px;`;
const Logo = styled.span`
  width: 40px; height: 40px; border-radius: 50%; flex: none; display: inline-flex; align-items: center; justify-content: center;
  background: ${(p) => p.theme.colors.badge.blue.bg}; color: ${(p) => p.theme.colors.badge.blue.fg}; font-weight: 700; font-size: 14px; overflow: hidden;
  img { width: 100%; height: 100%; object-fit: contain; }
`;
const Info = styled.div`min-width: 0; flex: 1;`;
const Name = styled.div`font-weight: 600;`;
const Symbol = styled.div`font-size: 13px; color: ${(p) => p.theme.colors.mutedForeground};`;
const Amount = styled.div`font-weight: 600; font-variant-numeric: tabular-nums; text-align: right; word-break: break-all;`;
const Empty = styled.p`color: ${(p) => p.theme.colors.mutedForeground};`;

function AssetLogo({ asset }: { asset: DashboardAsset }) {
  const [failed, setFailed] = useState(false);
  return (
    <Logo aria-hidden>
      {asset.logo_url && !failed ? <img src={asset.logo_url} alt="" onError={() => setFailed(true)} /> : symbolInitials(asset.symbol)}
    </Logo>
  );
}

export function WalletsGrid({ wallets }: { wallets: DashboardWallet[] }) {
  // Wallet rows without a linked asset are dropped (spec 000 §2).
  const rows = wallets.filter((w): w is DashboardWallet & { asset: DashboardAsset } => w.asset != null);
  if (rows.length === 0) return <Empty>You currently have no wallets.</Empty>;
  return (
    <Grid data-testid="wallets-grid">
      {rows.map((w) => (
        <Tile key={w.id} data-testid="wallet" data-symbol={w.asset.symbol}>
          <AssetLogo asset={w.asset} />
          <Info>
            <Name>{w.asset.name}</Name>
            <Symbol>{w.asset.symbol}</Symbol>
          </Info>
          <Amount data-testid="wallet-balance">{formatBalance(w.balance)}</Amount>
        </Tile>
      ))}
    </Grid>
  );
}
