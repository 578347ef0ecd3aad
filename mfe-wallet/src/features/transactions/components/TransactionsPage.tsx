import { useEffect, useState } from 'react';
import styled from 'styled-components';
import {
  Badge, Button, Card, CardContent, CardDescription, CardHeader, CardTitle, CenteredMessage, Link, Spinner, Table, TableWrap, Td, Th,
  errorMessage, formatDateTime, formatFixed, statusBadgeKind, toast, useNavigate, useSession,
} from '@portal/shared-ui';
import { downloadStatement, useGetTransactionHistoryQuery } from '../api/transactions';
import { describeHistoryRow } from './describe';

const Head = styled.div`display: flex; justify-content: space-between; align-items: center; gap: 8px; flex-wrap: wrap; margin-bottom: 16px;`;
const Amount = styled.span<{ $out: boolean }>`font-variant-numeric: tabular-nums; font-weight: 600; color: ${(p) => (p.$out ? p.theme.colors.destructive : p.theme.colors.success)};`;
const Icon = styled.span<{ $out: boolean }>`
  display: inline-flex; width: 28px; height: 28px; border-radius: 9999px; align-items: center; justify-content: center; font-weight: 700;
  background: ${(p) => (p.$out ? p.theme.colors.badge.red.bg : p.theme.colors.badge.green.bg)}; color: ${(p) => (p.$out ? p.theme.colors.destructive : p.theme.colors.success)};
`;
const Pager = styled.div`display: flex; justify-content: space-between; align-items: center; margin-top: 16px; gap: 8px;`;
const Muted = styled.span`color: ${(p) => p.theme.colors.mutedForeground}; font-size: 14px;`;
const Empty = styled(Card)`max-width: 480px; margin: 48px auto; padding: 32px; text-align: center; h2 { margin: 0 0 8px; } p { color: ${(p) => p.theme.colors.mutedForeground}; }`;

/** /transactions (spec 000 §2 Transaction History), plus a CSV statement of the whole history. */
export function TransactionsPage() {
  const navigate = useNavigate();
  const userId = useSession().user?.id ?? '';
  const [page, setPage] = useState(1);
  const { data, error, isLoading, isFetching } = useGetTransactionHistoryQuery(page);
  const [downloading, setDownloading] = useState(false);

  useEffect(() => {
    if (error) toast({ title: 'Error fetching transactions', description: errorMessage(error), variant: 'destructive' });
  }, [error]);

  async function onDownload() {
    setDownloading(true);
    try {
      await downloadStatement();
    } catch (e) {
      toast({ title: 'Download Failed', description: errorMessage(e), variant: 'destructive' });
    } finally {
      setDownloading(false);
    }
  }

  if (isLoading) return <CenteredMessage role="status"><Spinner /> Loading transactions...</CenteredMessage>;
  if (data && data.total === 0) {
    return (
      <Empty data-testid="no-transactions">
        <h2>No Transactions Yet</h2>
        <p>Your payments will appear here.</p>
        <Button as={Link} to="/send-money">Send Money</Button>
      </Empty>
    );
  }
  const pages = data ? Math.max(1, Math.ceil(data.total / data.page_size)) : 1;
  return (
    <section data-testid="transactions">
      <Head>
        <Button type="button" $variant="ghost" onClick={() => navigate(-1 as unknown as string)}>← Back</Button>
        <Button type="button" $variant="outline" onClick={onDownload} disabled={downloading || !data}>{downloading ? 'Preparing...' : 'Download CSV'}</Button>
      </Head>
      <Card>
        <CardHeader>
          <CardTitle>Transaction History</CardTitle>
          {data && <CardDescription>{data.total} transaction{data.total === 1 ? '' : 's'}</CardDescription>}
        </CardHeader>
        <CardContent>
          {error && !data ? <Muted>Could not load transactions.</Muted> : (
            <TableWrap>
              <Table aria-busy={isFetching}>
                <thead>
                  <tr><Th aria-label="Direction" /><Th>Date</Th><Th>Type/Party</Th><Th>Description</Th><Th>Amount</Th><Th>Fee</Th><Th>Status</Th></tr>
                </thead>
                <tbody>
                  {data?.transactions.map((tx) => {
                    const d = describeHistoryRow(tx, userId);
                    return (
                      <tr key={tx.id} data-testid="history-row">
                        <Td><Icon $out={d.outgoing} aria-label={d.outgoing ? 'Outgoing' : 'Incoming'}>{d.outgoing ? '↑' : '↓'}</Icon></Td>
                        <Td>{formatDateTime(tx.created_at)}</Td>
                        <Td>{d.party}</Td>
                        <Td>{tx.description ?? ''}</Td>
                        <Td><Amount $out={d.outgoing} data-testid="history-amount">{d.sign}{formatFixed(tx.amount, 4)} {tx.asset?.symbol ?? ''}</Amount></Td>
                        <Td>{formatFixed(tx.fee, 4)}</Td>
                        <Td><Badge $kind={statusBadgeKind(tx.status)}>{tx.status}</Badge></Td>
                      </tr>
                    );
                  })}
                </tbody>
              </Table>
            </TableWrap>
          )}
          <Pager>
            <Button type="button" $variant="outline" disabled={page <= 1 || isFetching} onClick={() => setPage((p) => Math.max(1, p - 1))}>Previous</Button>
            <Muted data-testid="page-info">Page {page} of {pages}</Muted>
            <Button type="button" $variant="outline" disabled={!data?.has_next || isFetching} onClick={() => setPage((p) => p + 1)}>Next</Button>
          </Pager>
        </CardContent>
      </Card>
    </section>
  );
}
