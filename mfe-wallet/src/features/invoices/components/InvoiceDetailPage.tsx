import { useEffect, useState } from 'react';
import styled, { createGlobalStyle } from 'styled-components';
import {
  Back,
  Button,
  Card,
  CardContent,
  CardHeader,
  CardTitle,
  CenteredMessage,
  Dialog,
  DialogDescription,
  DialogFooter,
  DialogTitle,
  MoneyDialog,
  Muted,
  Page,
  Row,
  Spinner,
  Table,
  TableWrap,
  Td,
  Th,
  UserText,
  errorMessage,
  formatDate,
  formatDateTime,
  toast,
  useMoneyAction,
  readFailure,
  useNavigate,
  useParams,
  useLiveTopics,
} from '@portal/shared-ui';
import { PinLockNotice, usePinLock } from '../../../lib/pin-lock';
import { readyForPin, transferFailed } from '../../../lib/transfer';
import { usePaymentSettingsQuery } from '../../../lib/transfer-api';
import { downloadInvoicePdf } from '../api/download-pdf';
import { useGetInvoiceQuery, type Invoice } from '../api/get-invoice';
import { invoicesApi } from '../api/tags';
import { useLazyInvoicePaymentQuoteQuery, usePayInvoiceMutation } from '../api/pay-invoice';
import { useInvoiceStepMutation } from '../api/send-invoice';
import { InvoiceStatus } from './InvoiceStatus';

// Printing shows the invoice alone: everything else (the portal's header, footer, buttons) is hidden.
const PrintOnlyInvoice = createGlobalStyle`
  @media print {
    body * { visibility: hidden; }
    #invoice-sheet, #invoice-sheet * { visibility: visible; }
    #invoice-sheet { position: absolute; inset: 0 auto auto 0; width: 100%; box-shadow: none; border: 0; }
    [data-no-print] { display: none !important; }
  }
`;
const Parties = styled.div`display: grid; gap: 12px; margin-bottom: 16px; @media (min-width: 640px) { grid-template-columns: 1fr 1fr; } h3 { margin: 0 0 4px; font-size: 13px; text-transform: uppercase; color: ${(p) => p.theme.colors.mutedForeground}; }`;
const Totals = styled.dl`
  display: grid; grid-template-columns: 1fr auto; gap: 4px 16px; margin: 16px 0 0 auto; max-width: 320px; font-variant-numeric: tabular-nums;
  dd { margin: 0; text-align: right; } dt:last-of-type, dd:last-of-type { font-weight: 700; }
`;
const num = { textAlign: 'right' as const, fontVariantNumeric: 'tabular-nums' };

const personOf = (p: Invoice['creator']) => p.full_name || (p.username ? `@${p.username}` : null);

function Sheet({ invoice: i }: { invoice: Invoice }) {
  const m = (v: string) => `${v} ${i.asset.symbol}`;
  return (
    <Card id="invoice-sheet">
      <CardHeader>
        <Row style={{ justifyContent: 'space-between' }}>
          <CardTitle as="h1" style={{ fontSize: 22, overflowWrap: 'anywhere' }}>
            Invoice {i.invoice_number}
          </CardTitle>
          <InvoiceStatus status={i.status} />
        </Row>
        <Muted>
          {i.sent_at ? `Sent ${formatDate(i.sent_at)}` : `Created ${formatDate(i.created_at)}`}
          {i.due_date ? ` · Due ${formatDate(`${i.due_date}T00:00:00Z`)}` : ''}
          {i.paid_at ? ` · Paid ${formatDateTime(i.paid_at)}` : ''}
          {i.cancelled_at ? ` · Cancelled ${formatDate(i.cancelled_at)}` : ''}
        </Muted>
      </CardHeader>
      <CardContent>
        <Parties>
          <div>
            <h3>From</h3>
            <UserText>{personOf(i.creator) ?? '—'}</UserText>
          </div>
          <div>
            <h3>Bill to</h3>
            <UserText>{[personOf(i.client), i.client.email].filter(Boolean).join('\n') || '—'}</UserText>
          </div>
        </Parties>
        <TableWrap aria-label="Items">
          <Table>
            <thead>
              <tr>
                <Th>Description</Th>
                <Th style={num}>Qty</Th>
                <Th style={num}>Unit price</Th>
                <Th style={num}>Total</Th>
              </tr>
            </thead>
            <tbody>
              {i.items.map((it, n) => (
                <tr key={n}>
                  <Td style={{ whiteSpace: 'normal', overflowWrap: 'anywhere' }}>{it.description}</Td>
                  <Td style={num}>{it.quantity}</Td>
                  <Td style={num}>{it.unit_price}</Td>
                  <Td style={num}>{m(it.total)}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </TableWrap>
        <Totals>
          <dt>Subtotal</dt>
          <dd>{m(i.subtotal_amount)}</dd>
          <dt>Tax ({i.tax_rate}%)</dt>
          <dd>{m(i.tax_amount)}</dd>
          <dt>Total</dt>
          <dd data-testid="invoice-total">{m(i.total_amount)}</dd>
        </Totals>
        {i.notes && (
          <>
            <h3 style={{ fontSize: 15, marginBottom: 4 }}>Notes</h3>
            <UserText>{i.notes}</UserText>
          </>
        )}
        {i.terms && (
          <>
            <h3 style={{ fontSize: 15, marginBottom: 4 }}>Terms</h3>
            <UserText>{i.terms}</UserText>
          </>
        )}
      </CardContent>
    </Card>
  );
}

/** The client pays: the quote (fee, who bears it) first, then the PIN (docs/product.md "Invoices"). */
function usePayFlow(invoice: Invoice | undefined) {
  const navigate = useNavigate();
  const settings = usePaymentSettingsQuery();
  const [quoteFor] = useLazyInvoicePaymentQuoteQuery();
  const [pay] = usePayInvoiceMutation();
  const action = useMoneyAction({
    send: (body: { id: string }, request) => pay({ ...body, ...request }).unwrap(),
    quote: (body) => quoteFor(body.id).unwrap(),
    onSuccess: (paid) =>
      toast({
        title: 'Invoice Paid',
        description: `You paid ${paid.amount} ${paid.asset_symbol} to ${(invoice && personOf(invoice.creator)) ?? 'the creator'}.`,
        variant: 'success',
      }),
    onRefused: (e) => transferFailed(e, navigate),
  });
  const start = () => {
    if (invoice && readyForPin(settings.data?.pin_set, navigate)) action.open({ id: invoice.id });
  };
  return { action, start };
}

function CancelDialog({
  open,
  onOpenChange,
  onConfirm,
  busy,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  onConfirm: () => void;
  busy: boolean;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTitle>Cancel this invoice?</DialogTitle>
      <DialogDescription>
        The client can no longer pay it, and is told if it was sent. This cannot be undone.
      </DialogDescription>
      <DialogFooter>
        <Button type="button" $variant="outline" onClick={() => onOpenChange(false)}>
          Keep It
        </Button>
        <Button type="button" $variant="destructive" onClick={onConfirm} disabled={busy}>
          Cancel Invoice
        </Button>
      </DialogFooter>
    </Dialog>
  );
}

/** /invoice/{invoiceId} (docs/product.md "Invoices"): the invoice, the creator's and the client's actions, print and PDF. */
export function InvoiceDetailPage() {
  const { invoiceId = '' } = useParams();
  const navigate = useNavigate();
  const { data, error } = useGetInvoiceQuery(invoiceId);
  useLiveTopics([`invoice:${invoiceId}`], invoicesApi, [{ type: 'Invoice', id: invoiceId }]);
  const [step, stepping] = useInvoiceStepMutation();
  const [cancelOpen, setCancelOpen] = useState(false);
  const lockedUntil = usePinLock();
  const invoice = data?.invoice;
  const payFlow = usePayFlow(invoice);

  useEffect(() => {
    if (!error) return;
    toast({
      title: 'Error fetching invoice',
      description: readFailure(error, 'Invoice not found.'),
      variant: 'destructive',
    });
    navigate('/invoices');
  }, [error, navigate]);
  if (!invoice)
    return (
      <CenteredMessage role="status">
        <Spinner /> Loading invoice...
      </CenteredMessage>
    );

  async function doStep(which: 'send' | 'cancel') {
    try {
      await step({ id: invoice!.id, step: which }).unwrap();
      setCancelOpen(false);
      toast({
        title: which === 'send' ? 'Invoice Sent' : 'Invoice Cancelled',
        description: which === 'send' ? 'Your client has been e-mailed a link to it.' : undefined,
        variant: 'success',
      });
    } catch (e) {
      toast({
        title: which === 'send' ? 'Error sending invoice' : 'Error cancelling invoice',
        description: errorMessage(e),
        variant: 'destructive',
      });
    }
  }
  async function onPdf() {
    try {
      await downloadInvoicePdf(invoice!.id, invoice!.invoice_number);
    } catch (e) {
      toast({ title: 'Error downloading invoice', description: errorMessage(e), variant: 'destructive' });
    }
  }

  const { can } = invoice;
  return (
    <Page style={{ maxWidth: 900, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 16 }}>
      <PrintOnlyInvoice />
      <Back to={invoice.role === 'creator' ? '/invoices' : '/dashboard'} data-no-print>
        ← Back
      </Back>
      {can.pay && lockedUntil && <PinLockNotice until={lockedUntil} />}
      <Row data-no-print>
        {can.edit && (
          <Button type="button" $variant="outline" onClick={() => navigate(`/invoices/edit/${invoice.id}`)}>
            Edit
          </Button>
        )}
        {can.send && (
          <Button type="button" onClick={() => doStep('send')} disabled={stepping.isLoading}>
            Send Invoice
          </Button>
        )}
        {can.pay && (
          <Button
            type="button"
            onClick={payFlow.start}
            disabled={payFlow.action.busy || !!payFlow.action.body || !!lockedUntil}
          >
            Pay Invoice
          </Button>
        )}
        {can.cancel && (
          <Button type="button" $variant="ghost" onClick={() => setCancelOpen(true)}>
            Cancel Invoice
          </Button>
        )}
        <Button type="button" $variant="outline" onClick={() => window.print()}>
          Print
        </Button>
        <Button type="button" $variant="outline" onClick={onPdf}>
          Download PDF
        </Button>
      </Row>
      <Sheet invoice={invoice} />
      <CancelDialog
        open={cancelOpen}
        onOpenChange={setCancelOpen}
        onConfirm={() => doStep('cancel')}
        busy={stepping.isLoading}
      />
      <MoneyDialog
        action={payFlow.action}
        summary={(_, q) =>
          q && (
            <span data-testid="invoice-quote">
              Pay {q.you_pay} {q.asset.symbol} to {personOf(invoice.creator) ?? 'the creator'}.{' '}
              {q.fee_paid_by === 'creator'
                ? `The fee of ${q.fee} ${q.asset.symbol} is paid by the creator, who receives ${q.creator_receives} ${q.asset.symbol}.`
                : `Fee: ${q.fee} ${q.asset.symbol}.`}{' '}
              Enter your 4-digit PIN.
            </span>
          )
        }
      />
    </Page>
  );
}
