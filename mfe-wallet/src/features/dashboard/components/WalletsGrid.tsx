import styled from 'styled-components';
import { AssetIcon, Card, formatBalance, media } from '@portal/shared-ui';
import type { DashboardAsset, DashboardWallet } from '../api/get-dashboard';

const Grid = styled.div`
  display: grid; gap: 12px; grid-template-columns: 1fr;
  ${media.md} { grid-template-columns: repeat(2, 1fr); }
  ${media.lg} { grid-template-columns: repeat(3, 1fr); }
`;
const Tile = styled(Card)`display: flex; align-items: center; gap: 12px; padding: 16px;`;
const Info = styled.div`min-width: 0; flex: 1;`;
const Name = styled.div`font-weight: 600;`;
const Symbol = styled.div`font-size: 13px; color: ${(p) => p.theme.colors.mutedForeground};`;
const Amount = styled.div`font-weight: 600; font-variant-numeric: tabular-nums; text-align: right; word-break: break-all;`;
const Empty = styled.p`color: ${(p) => p.theme.colors.mutedForeground};`;

export function WalletsGrid({ wallets }: { wallets: DashboardWallet[] }) {
  // Wallet rows without a linked asset are dropped (docs/product.md "Dashboard").
  const rows = wallets.filter((w): w is DashboardWallet & { asset: DashboardAsset } => w.asset != null);
  if (rows.length === 0) return <Empty>You currently have no wallets.</Empty>;
  return (
    <Grid data-testid="wallets-grid">
      {rows.map((w) => (
        <Tile key={w.id} data-testid="wallet" data-symbol={w.asset.symbol}>
          <AssetIcon symbol={w.asset.symbol} logoUrl={w.asset.logo_url} />
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
