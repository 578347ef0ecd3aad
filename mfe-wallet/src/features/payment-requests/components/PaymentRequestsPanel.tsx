import { useEffect } from 'react';
import styled from 'styled-components';
import {
  Badge,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  MoneyDialog,
  Spinner,
  errorMessage,
  formatAmount,
  formatDate,
  toast,
  useMoneyAction,
  useNavigate,
} from '@portal/shared-ui';
import { personName } from '../../../lib/people';
import { PinLockNotice, usePinLock } from '../../../lib/pin-lock';
import { transferFailed, transferSucceeded } from '../../../lib/transfer';
import { useLazyRequestQuoteQuery, usePaymentSettingsQuery } from '../../../lib/transfer-api';
import {
  useClosePaymentRequestMutation,
  useListPaymentRequestsQuery,
  usePayPaymentRequestMutation,
  type PaymentRequest,
} from '../api/requests';

const Row = styled.div`
  display: flex; gap: 12px; align-items: center; justify-content: space-between; flex-wrap: wrap; padding: 10px 0;
  border-bottom: 1px solid ${(p) => p.theme.colors.border}; &:last-child { border-bottom: 0; }
`;
const Sub = styled.div`font-size: 13px; color: ${(p) => p.theme.colors.mutedForeground};`;
const H3 = styled.h3`font-size: 15px; margin: 16px 0 4px;`;
const kind = (s: PaymentRequest['status']) =>
  (s === 'paid' ? 'green' : s === 'pending' ? 'yellow' : s === 'declined' ? 'red' : 'grey') as
    'green' | 'yellow' | 'red' | 'grey';
const who = personName;
const amountOf = (r: PaymentRequest) => `${formatAmount(r.amount, r.asset.scale)} ${r.asset.symbol}`;

/** Incoming requests with Pay (PIN) / Decline, and the caller's own requests with their status. */
export function PaymentRequestsPanel() {
  const navigate = useNavigate();
  const { data, error, isLoading } = useListPaymentRequestsQuery();
  const [pay] = usePayPaymentRequestMutation();
  const [quotePay] = useLazyRequestQuoteQuery();
  const [close, closing] = useClosePaymentRequestMutation();
  const lockedUntil = usePinLock();
  const settings = usePaymentSettingsQuery();
  // Pay: the request's quote first (fee, total, or why it cannot be paid), then the PIN.
  const paying = useMoneyAction({
    send: (r: PaymentRequest, request) => pay({ id: r.id, ...request }).unwrap(),
    quote: (r) => quotePay(r.id).unwrap(),
    onSuccess: (res, r) => transferSucceeded(res, who(r.requester)),
    onRefused: (e) => transferFailed(e, navigate),
  });
  function startPaying(r: PaymentRequest) {
    if (settings.data?.pin_set === false) return transferFailed({ code: 'PIN_NOT_SET' }, navigate);
    paying.open(r);
  }

  useEffect(() => {
    if (error)
      toast({ title: 'Error fetching payment requests', description: errorMessage(error), variant: 'destructive' });
  }, [error]);

  async function onClose(r: PaymentRequest, action: 'decline' | 'cancel') {
    try {
      await close({ id: r.id, action }).unwrap();
      toast({ title: action === 'decline' ? 'Request Declined' : 'Request Cancelled', variant: 'success' });
    } catch (e) {
      toast({ title: 'Request Failed', description: errorMessage(e), variant: 'destructive' });
    }
  }

  return (
    <Card data-testid="payment-requests">
      <CardHeader>
        <CardTitle>Payment Requests</CardTitle>
      </CardHeader>
      <CardContent>
        {isLoading ? (
          <Sub role="status">
            <Spinner /> Loading requests...
          </Sub>
        ) : (
          <>
            <H3>Requests to you</H3>
            {lockedUntil && data?.incoming.some((r) => r.status === 'pending') && <PinLockNotice until={lockedUntil} />}
            {!data?.incoming.length ? (
              <Sub>No requests to you.</Sub>
            ) : (
              data.incoming.map((r) => (
                <Row key={r.id} data-testid="incoming-request">
                  <div>
                    <strong>{who(r.requester)}</strong> requests {amountOf(r)}
                    <Sub>
                      {r.description ?? ''} · {formatDate(r.created_at)}
                    </Sub>
                  </div>
                  {r.status === 'pending' ? (
                    <span style={{ display: 'flex', gap: 8 }}>
                      <Button
                        type="button"
                        $size="sm"
                        onClick={() => startPaying(r)}
                        disabled={paying.busy || closing.isLoading || !!lockedUntil}
                      >
                        Pay
                      </Button>
                      <Button
                        type="button"
                        $size="sm"
                        $variant="outline"
                        onClick={() => onClose(r, 'decline')}
                        disabled={paying.busy || closing.isLoading}
                      >
                        Decline
                      </Button>
                    </span>
                  ) : (
                    <Badge $kind={kind(r.status)}>{r.status}</Badge>
                  )}
                </Row>
              ))
            )}
            <H3>Your requests</H3>
            {!data?.outgoing.length ? (
              <Sub>You have not requested money yet.</Sub>
            ) : (
              data.outgoing.map((r) => (
                <Row key={r.id} data-testid="outgoing-request">
                  <div>
                    {amountOf(r)} from <strong>{who(r.payer)}</strong>
                    <Sub>
                      {r.description ?? ''} · {formatDate(r.created_at)}
                    </Sub>
                  </div>
                  <span style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                    <Badge $kind={kind(r.status)} data-testid="request-status">
                      {r.status}
                    </Badge>
                    {r.status === 'pending' && (
                      <Button
                        type="button"
                        $size="sm"
                        $variant="ghost"
                        onClick={() => onClose(r, 'cancel')}
                        disabled={closing.isLoading}
                      >
                        Cancel
                      </Button>
                    )}
                  </span>
                </Row>
              ))
            )}
          </>
        )}
      </CardContent>
      <MoneyDialog
        action={paying}
        summary={(r, q) =>
          q && (
            <span data-testid="request-quote">
              Pay {amountOf(r)} to {who(r.requester)}. Fee: {q.fee} {r.asset.symbol}. Total: {q.total} {r.asset.symbol}.
              Enter your 4-digit PIN.
            </span>
          )
        }
      />
    </Card>
  );
}
