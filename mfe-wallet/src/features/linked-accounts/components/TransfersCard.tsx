import { useEffect, useRef } from 'react';
import { useDispatch } from 'react-redux';
import styled from 'styled-components';
import {
  Badge,
  Button,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
  CenteredMessage,
  Muted,
  Spinner,
  errorMessage,
  formatDateTime,
  formatFixed,
  toast,
} from '@portal/shared-ui';
import { useBankTransfersQuery, type BankTransfer } from '../api/list-transfers';
import { WALLET_TAGS, bankingApi } from '../api/tags';
import { finished, isPending, transferBadge } from './transfer-status';
import { Item, List, Main, Section, Sub, Title, Trail, masked } from './ui';

const POLL_MS = 3000;
const NETWORK: Record<BankTransfer['network'], string> = {
  rtp: 'Instant (RTP)',
  'same-day-ach': 'Same-day ACH',
  ach: 'ACH',
};

const Figures = styled.div`text-align: right; font-variant-numeric: tabular-nums;`;
const Amount = styled.div<{
  $in: boolean;
}>`font-weight: 600; color: ${(p) => (p.$in ? p.theme.colors.success : p.theme.colors.foreground)};`;
const Reason = styled.p`flex: 1 0 100%; margin: 0; font-size: 13px; color: ${(p) => p.theme.colors.destructive}; overflow-wrap: anywhere;`;

function TransferRow({ transfer: t }: { transfer: BankTransfer }) {
  const badge = transferBadge(t.status);
  const deposit = t.direction === 'deposit';
  const bank = `${t.account.institution_name} ${masked(t.account.account_mask)}`.trim();
  return (
    <Item data-testid="bank-transfer" data-status={t.status}>
      <Main>
        <Title>{deposit ? 'Deposit' : 'Withdrawal'}</Title>
        <Sub>
          {deposit ? 'From' : 'To'} {bank}
        </Sub>
        <Sub>
          {formatDateTime(t.created_at)} · {NETWORK[t.network] ?? t.network}
        </Sub>
      </Main>
      <Trail style={{ marginLeft: 'auto' }}>
        <Figures>
          <Amount $in={deposit} data-testid="transfer-amount">
            {deposit ? '+' : '−'}
            {formatFixed(t.amount, 2)} {t.asset_symbol}
          </Amount>
          <Sub>
            Fee {formatFixed(t.fee, 2)} {t.asset_symbol}
          </Sub>
        </Figures>
        <Badge $kind={badge.kind} data-testid="transfer-status">
          {badge.label}
        </Badge>
      </Trail>
      {badge.ended && t.failure_reason && <Reason data-testid="transfer-reason">{t.failure_reason}</Reason>}
    </Item>
  );
}

/**
 * 'Bank transfers' (GET /transfers): polled every 3 s while any is pending, and not otherwise; when a
 * pending one ends (settled, or declined / failed / returned), the wallet's balances, dashboard and
 * history are asked again, since money moved or came back.
 */
export function TransfersCard() {
  const dispatch = useDispatch();
  const { anyPending } = useBankTransfersQuery(undefined, {
    selectFromResult: (r) => ({ anyPending: r.data?.transfers.some(isPending) ?? false }),
  });
  const { data, error, isLoading, isFetching, refetch } = useBankTransfersQuery(undefined, {
    pollingInterval: anyPending ? POLL_MS : 0,
  });
  const pendingBefore = useRef<Set<string>>(new Set());

  useEffect(() => {
    if (!data) return;
    if (finished(pendingBefore.current, data.transfers).length > 0)
      dispatch(bankingApi.util.invalidateTags([...WALLET_TAGS]));
    pendingBefore.current = new Set(data.transfers.filter(isPending).map((t) => t.id));
  }, [data, dispatch]);
  useEffect(() => {
    if (error)
      toast({ title: 'Error fetching bank transfers', description: errorMessage(error), variant: 'destructive' });
  }, [error]);

  let body;
  if (isLoading)
    body = (
      <CenteredMessage role="status" style={{ minHeight: 100 }}>
        <Spinner /> Loading bank transfers...
      </CenteredMessage>
    );
  else if (!data) {
    body = (
      <CenteredMessage role="alert" style={{ minHeight: 100, flexDirection: 'column', gap: 8 }}>
        <span>Could not load your bank transfers.</span>
        <Button type="button" $variant="outline" $size="sm" onClick={() => void refetch()} disabled={isFetching}>
          Try again
        </Button>
      </CenteredMessage>
    );
  } else if (data.transfers.length === 0)
    body = (
      <Muted data-testid="no-bank-transfers">
        No bank transfers yet. Deposits and withdrawals appear here with their status.
      </Muted>
    );
  else
    body = (
      <List aria-label="Bank transfers">
        {data.transfers.map((t) => (
          <TransferRow key={t.id} transfer={t} />
        ))}
      </List>
    );

  return (
    <Section data-testid="bank-transfers">
      <CardHeader>
        <CardTitle as="h2">Bank transfers</CardTitle>
        <CardDescription>
          {anyPending ? 'Updating while a transfer is pending at the bank.' : 'Your latest deposits and withdrawals.'}
        </CardDescription>
      </CardHeader>
      <CardContent>{body}</CardContent>
    </Section>
  );
}
