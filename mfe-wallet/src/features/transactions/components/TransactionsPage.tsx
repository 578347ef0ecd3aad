import { useEffect, useState } from 'react';
import styled from 'styled-components';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  CenteredMessage,
  Link,
  Spinner,
  Table,
  TableWrap,
  Td,
  Th,
  errorMessage,
  formatAmount,
  formatDateTime,
  formatMoney,
  statusBadgeKind,
  toast,
  useNavigate,
} from '@portal/shared-ui';
import { downloadStatement, useGetTransactionHistoryQuery, type HistoryTx } from '../api/transactions';
import { HistoryFilters, useHistoryParams } from './HistoryFilters';

const Head = styled.div`display: flex; justify-content: space-between; align-items: center; gap: 8px; flex-wrap: wrap; margin-bottom: 16px;`;
const Amount = styled.span<{
  $out: boolean;
}>`font-variant-numeric: tabular-nums; font-weight: 600; color: ${(p) => (p.$out ? p.theme.colors.destructive : p.theme.colors.success)};`;
const Icon = styled.span<{ $out: boolean }>`
  display: inline-flex; width: 28px; height: 28px; border-radius: 9999px; align-items: center; justify-content: center; font-weight: 700;
  background: ${(p) => (p.$out ? p.theme.colors.badge.red.bg : p.theme.colors.badge.green.bg)}; color: ${(p) => (p.$out ? p.theme.colors.destructive : p.theme.colors.success)};
`;
const Pager = styled.div`display: flex; justify-content: space-between; align-items: center; margin-top: 16px; gap: 8px;`;
const Muted = styled.span`color: ${(p) => p.theme.colors.mutedForeground}; font-size: 14px;`;
const Total = styled.div`color: ${(p) => p.theme.colors.mutedForeground}; font-size: 12px; font-weight: 400; font-variant-numeric: tabular-nums;`;
const Empty = styled(
  Card,
)`max-width: 480px; margin: 48px auto; padding: 32px; text-align: center; h2 { margin: 0 0 8px; } p { color: ${(p) => p.theme.colors.mutedForeground}; }`;

/**
 * On a phone each row is a two-line card with what a person looks for first: the
 * counterparty and the amount on top, then the date and status, then the note and the fee; nothing
 * scrolls sideways. From 768 px up it is the spec's table.
 */
const HistoryTable = styled(Table)`
  @media (max-width: 767px) {
    thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
    tr {
      display: grid; grid-template-columns: auto minmax(0, 1fr) auto; column-gap: 10px; row-gap: 2px; padding: 10px 12px;
      grid-template-areas: 'icon party amount' 'icon date status' 'icon note fee';
      border-bottom: 1px solid ${(p) => p.theme.colors.border};
    }
    tr:last-child { border-bottom: 0; }
    td { padding: 0; border: 0; min-width: 0; }
    td[data-cell='icon'] { grid-area: icon; align-self: center; }
    td[data-cell='party'] { grid-area: party; font-weight: 600; white-space: normal; overflow-wrap: anywhere; }
    td[data-cell='amount'] { grid-area: amount; text-align: right; }
    td[data-cell='date'] { grid-area: date; font-size: 13px; white-space: normal; color: ${(p) => p.theme.colors.mutedForeground}; }
    td[data-cell='status'] { grid-area: status; text-align: right; }
    td[data-cell='note'] { grid-area: note; font-size: 13px; overflow: hidden; text-overflow: ellipsis; color: ${(p) => p.theme.colors.mutedForeground}; }
    td[data-cell='fee'] { grid-area: fee; font-size: 13px; text-align: right; color: ${(p) => p.theme.colors.mutedForeground}; }
    td[data-cell='fee']::before { content: 'Fee '; }
  }
`;

/** "12 transactions", "1 transaction matches these filters". */
const countText = (total: number, filtered: boolean) =>
  total === 1
    ? `1 transaction${filtered ? ' matches these filters' : ''}`
    : `${total} transactions${filtered ? ' match these filters' : ''}`;

/** /transactions (docs/product.md "Transaction history"), page and filters in the address, plus a CSV statement of what is shown. */
export function TransactionsPage() {
  const navigate = useNavigate();
  const { page, filter, filtered, setPage } = useHistoryParams();
  const { data, error, isLoading, isFetching } = useGetTransactionHistoryQuery({ page, ...filter });
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    if (error)
      toast({ title: 'Error fetching transactions', description: errorMessage(error), variant: 'destructive' });
  }, [error]);

  async function onDownload() {
    setDownloading(true);
    try {
      await downloadStatement(filter);
    } catch (e) {
      toast({ title: 'Download Failed', description: errorMessage(e), variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  }

  if (isLoading)
    return (
      <CenteredMessage role="status">
        <Spinner /> Loading transactions...
      </CenteredMessage>
    );
  if (data && data.total === 0 && !filtered) {
    return (
      <Empty data-testid="no-transactions">
        <h2>No Transactions Yet</h2>
        <p>Your payments will appear here.</p>
        <Button as={Link} to="/send-money">
          Send Money
        </Button>
      </Empty>
    );
  }
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  return (
    <section data-testid="transactions">
      <Head>
        <Button type="button" $variant="ghost" onClick={() => navigate(-1 as unknown as string)}>
          ← Back
        </Button>
        <Button type="button" $variant="outline" onClick={onDownload} disabled={downloading || !data}>
          {downloading ? 'Preparing...' : 'Download CSV'}
        </Button>
      </Head>
      <Card>
        <CardHeader>
          <CardTitle>Transaction History</CardTitle>
          {data && <CardDescription>{countText(data.total, filtered)}</CardDescription>}
        </CardHeader>
        <CardContent>
          <HistoryFilters kinds={data?.kinds ?? []} />
          {error && !data ? (
            <Muted>Could not load transactions.</Muted>
          ) : data && data.total === 0 ? (
            <Muted data-testid="no-matches">No transactions match these filters.</Muted>
          ) : (
            <TableWrap>
              <HistoryTable aria-busy={isFetching}>
                <thead>
                  <tr>
                    <Th aria-label="Direction" />
                    <Th>Date</Th>
                    <Th>Type/Party</Th>
                    <Th>Description</Th>
                    <Th>Amount</Th>
                    <Th>Fee</Th>
                    <Th>Status</Th>
                  </tr>
                </thead>
                <tbody>
                  {data?.transactions.map((tx) => (
                    <HistoryRow key={tx.id} tx={tx} />
                  ))}
                </tbody>
              </HistoryTable>
            </TableWrap>
          )}
          <Pager>
            <Button
              type="button"
              $variant="outline"
              disabled={page <= 1 || isFetching}
              onClick={() => setPage(page - 1)}
            >
              Previous
            </Button>
            <Muted data-testid="page-info">
              Page {page} of {pages}
            </Muted>
            <Button
              type="button"
              $variant="outline"
              disabled={!data?.has_next || isFetching}
              onClick={() => setPage(page + 1)}
            >
              Next
            </Button>
          </Pager>
        </CardContent>
      </Card>
    </section>
  );
}

/**
 * One line of the statement as the server words it (label, counterparty, link: platform/ledger/statement.ts):
 * the amount without the fee, signed by direction, the fee in its own column and, when there is one,
 * the total that left or reached the wallet. Amounts at the asset's scale (formatMoney).
 */
function HistoryRow({ tx }: { tx: HistoryTx }) {
  const out = tx.direction === 'out';
  const hasFee = /[1-9]/.test(tx.fee);
  return (
    <tr data-testid="history-row">
      <Td data-cell="icon">
        <Icon $out={out} aria-label={out ? 'Outgoing' : 'Incoming'}>
          {out ? '↑' : '↓'}
        </Icon>
      </Td>
      <Td data-cell="date">{formatDateTime(tx.created_at)}</Td>
      <Td data-cell="party" data-testid="history-label" title={tx.counterparty ?? undefined}>
        {tx.link ? <Link to={tx.link}>{tx.label}</Link> : tx.label}
      </Td>
      <Td data-cell="note">{tx.description ?? ''}</Td>
      <Td data-cell="amount">
        <Amount $out={out} data-testid="history-amount">
          {formatMoney(tx.amount, tx.asset, out ? '-' : '+')}
        </Amount>
        {hasFee && <Total data-testid="history-total">Total {formatMoney(tx.total, tx.asset)}</Total>}
      </Td>
      <Td data-cell="fee" data-testid="history-fee">
        {formatAmount(tx.fee, tx.asset.scale)}
      </Td>
      <Td data-cell="status">
        <Badge $kind={statusBadgeKind(tx.status)}>{tx.status}</Badge>
      </Td>
    </tr>
  );
}
