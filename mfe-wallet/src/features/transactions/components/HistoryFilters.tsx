import styled from 'styled-components';
import { Button, Input, Label, useSearchParams, Select } from '@portal/shared-ui';
import { useWalletAssetsQuery } from '../../../lib/transfer-api';
import type { HistoryFilter, HistoryPage } from '../api/transactions';

/**
 * The history's page and filters live in the address (?page=2&type=deposit&asset=USD&from=2026-01-01&to=2026-01-31),
 * so a reload, a shared link and Back keep them. Each change is a new history entry; changing a filter
 * goes back to page 1. The server validates them (a hand-typed bad one gets its 400 reason in a toast).
 */
const FILTER_KEYS = ['type', 'asset', 'from', 'to'] as const;

export function useHistoryParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1);
  const filter: HistoryFilter = {};
  for (const k of FILTER_KEYS) {
    const v = params.get(k);
    if (v) (filter as Record<string, string>)[k] = v;
  }
  const update = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    if (next.get('page') === '1') next.delete('page');
    setParams(next);
  };
  return {
    page,
    filter,
    filtered: Object.keys(filter).length > 0,
    setPage: (p: number) => update({ page: String(p) }),
    setFilter: (key: (typeof FILTER_KEYS)[number], value: string) => update({ [key]: value || null, page: null }),
    clear: () => update({ type: null, asset: null, from: null, to: null, page: null }),
  };
}

const Bar = styled.div`
  display: grid; gap: 8px 12px; align-items: end; margin-bottom: 16px;
  grid-template-columns: repeat(2, minmax(0, 1fr));
  @media (min-width: 768px) { grid-template-columns: repeat(4, minmax(0, 1fr)) auto; }
  label { font-size: 13px; margin-bottom: 4px; }
`;

/** `kinds`: every kind a line can have, in words, from the server (a withdrawal's escrow hold is a Withdrawal). */
export function HistoryFilters({ kinds }: { kinds: HistoryPage['kinds'] }) {
  const { filter, filtered, setFilter, clear } = useHistoryParams();
  const assets = useWalletAssetsQuery('all');
  return (
    <Bar role="search" aria-label="Filter transactions" data-testid="history-filters">
      <div>
        <Label htmlFor="history-type">Type</Label>
        <Select id="history-type" value={filter.type ?? ''} onChange={(e) => setFilter('type', e.target.value)}>
          <option value="">All types</option>
          {kinds.map((k) => (
            <option key={k.value} value={k.value}>
              {k.label}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor="history-asset">Asset</Label>
        <Select id="history-asset" value={filter.asset ?? ''} onChange={(e) => setFilter('asset', e.target.value)}>
          <option value="">All assets</option>
          {(assets.data?.wallets ?? []).map((w) => (
            <option key={w.asset.symbol} value={w.asset.symbol}>
              {w.asset.symbol}
            </option>
          ))}
        </Select>
      </div>
      <div>
        <Label htmlFor="history-from">From</Label>
        <Input
          id="history-from"
          type="date"
          value={filter.from ?? ''}
          max={filter.to}
          onChange={(e) => setFilter('from', e.target.value)}
        />
      </div>
      <div>
        <Label htmlFor="history-to">To</Label>
        <Input
          id="history-to"
          type="date"
          value={filter.to ?? ''}
          min={filter.from}
          onChange={(e) => setFilter('to', e.target.value)}
        />
      </div>
      {filtered && (
        <Button type="button" $variant="ghost" onClick={clear}>
          Clear filters
        </Button>
      )}
    </Bar>
  );
}
