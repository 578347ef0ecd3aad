import { useEffect, useState } from 'react';
import styled from 'styled-components';
import {
  Badge, Button, Card, CardContent, CardHeader, CardTitle, PinDialog, Spinner, errorMessage, formatDate, formatFixed, toast, useNavigate,
} from '@portal/shared-ui';
import { personName } from '../../../lib/people';
import { transferFailed, transferSucceeded } from '../../../lib/transfer';
import { useClosePaymentRequestMutation, useListPaymentRequestsQuery, usePayPaymentRequestMutation, type PaymentRequest } from '../api/requests';

const Row = styled.div`
  display: flex; gap: 12px; align-items: center; justify-content: space-between; flex-wrap: wrap; padding: 10px 0;
  border-bottom: 1px solid ${(p) => p.theme.colors.border}; &:last-child { border-bottom: 0; }
`;
const Sub = styled.div`font-size: 13px; color: ${(p) => p.theme.colors.mutedForeground};`;
const H3 = styled.h3`font-size: 15px; margin: 16px 0 4px;`;
const kind = (s: PaymentRequest['status']) => (s === 'paid' ? 'green' : s === 'pending' ? 'yellow' : s === 'declined' ? 'red' : 'grey') as 'green' | 'yellow' | 'red' | 'grey';
const who = personName;

/** Incoming requests with Pay (PIN) / Decline, and the caller's own requests with their status. */
export function PaymentRequestsPanel() {
  const navigate = useNavigate();
  const { data, error, isLoading } = useListPaymentRequestsQuery();
  const [pay, paying] = usePayPaymentRequestMutation();
  const [close, closing] = useClosePaymentRequestMutation();
  const [paying_, setPaying] = useState<PaymentRequest | null>(null);

  useEffect(() => {
    if (error) toast({ title: 'Error fetching payment requests', description: errorMessage(error), variant: 'destructive' });
  }, [error]);

  async function onPin(pin: string) {
    const r = paying_!;
    try {
      const res = await pay({ id: r.id, pin, idempotencyKey: crypto.randomUUID() }).unwrap();
      setPaying(null);
      transferSucceeded(res, who(r.requester));
    } catch (e) {
      setPaying(null);
      transferFailed(e, navigate);
    }
  }

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
      <CardHeader><CardTitle>Payment Requests</CardTitle></CardHeader>
      <CardContent>
        {isLoading ? <Sub role="status"><Spinner /> Loading requests...</Sub> : (
          <>
            <H3>Requests to you</H3>
            {!data?.incoming.length ? <Sub>No requests to you.</Sub> : data.incoming.map((r) => (
              <Row key={r.id} data-testid="incoming-request">
                <div>
                  <strong>{who(r.requester)}</strong> requests {formatFixed(r.amount, 2)} {r.asset.symbol}
                  <Sub>{r.description ?? ''} · {formatDate(r.created_at)}</Sub>
                </div>
                {r.status === 'pending' ? (
                  <span style={{ display: 'flex', gap: 8 }}>
                    <Button type="button" $size="sm" onClick={() => setPaying(r)} disabled={paying.isLoading || closing.isLoading}>Pay</Button>
                    <Button type="button" $size="sm" $variant="outline" onClick={() => onClose(r, 'decline')} disabled={paying.isLoading || closing.isLoading}>Decline</Button>
                  </span>
                ) : <Badge $kind={kind(r.status)}>{r.status}</Badge>}
              </Row>
            ))}
            <H3>Your requests</H3>
            {!data?.outgoing.length ? <Sub>You have not requested money yet.</Sub> : data.outgoing.map((r) => (
              <Row key={r.id} data-testid="outgoing-request">
                <div>
                  {formatFixed(r.amount, 2)} {r.asset.symbol} from <strong>{who(r.payer)}</strong>
                  <Sub>{r.description ?? ''} · {formatDate(r.created_at)}</Sub>
                </div>
                <span style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                  <Badge $kind={kind(r.status)} data-testid="request-status">{r.status}</Badge>
                  {r.status === 'pending' && <Button type="button" $size="sm" $variant="ghost" onClick={() => onClose(r, 'cancel')} disabled={closing.isLoading}>Cancel</Button>}
                </span>
              </Row>
            ))}
          </>
        )}
      </CardContent>
      <PinDialog open={!!paying_} onOpenChange={(o) => !o && setPaying(null)} busy={paying.isLoading} onConfirm={onPin}
        description={paying_ ? `Pay ${formatFixed(paying_.amount, 2)} ${paying_.asset.symbol} to ${who(paying_.requester)}. A fee may apply. Enter your 4-digit PIN.` : undefined} />
    </Card>
  );
}
