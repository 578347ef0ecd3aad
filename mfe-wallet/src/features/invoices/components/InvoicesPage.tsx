import { Fragment, useEffect, useState } from 'react';
import {
  Button,
  CenteredMessage,
  Link,
  Muted,
  Page,
  PageHead,
  Spinner,
  Table,
  TableWrap,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
  Td,
  Th,
  errorMessage,
  formatAmount,
  formatDate,
  toast,
  useSearchParams,
} from '@portal/shared-ui';
import { useListInvoicesQuery, type InvoiceSummary } from '../api/list-invoices';
import { InvoiceStatus } from './InvoiceStatus';

type Box = 'sent' | 'received';
const EMPTY: Record<Box, [string, string]> = {
  sent: ['No Invoices Yet', 'Create an invoice and send it to a client: they pay it from their wallet.'],
  received: ['No Invoices Received', 'Invoices that people send you appear here once they are sent.'],
};
const nameOf = (p: InvoiceSummary['client']) => p.full_name || (p.username ? `@${p.username}` : (p.email ?? '—'));

function Rows({
  box,
  cursor,
  last,
  onMore,
}: {
  box: Box;
  cursor?: string;
  last: boolean;
  onMore: (c: string) => void;
}) {
  const { data, error, isFetching } = useListInvoicesQuery({ box, ...(cursor ? { cursor } : {}) });
  useEffect(() => {
    if (error) toast({ title: 'Error fetching invoices', description: errorMessage(error), variant: 'destructive' });
  }, [error]);
  if (!data)
    return isFetching ? (
      <tr>
        <Td colSpan={6}>
          <span role="status">
            <Spinner /> Loading invoices...
          </span>
        </Td>
      </tr>
    ) : null;
  if (!cursor && data.invoices.length === 0) {
    const [title, text] = EMPTY[box];
    return (
      <tr>
        <Td colSpan={6} style={{ whiteSpace: 'normal' }}>
          <CenteredMessage data-testid="no-invoices">
            <div>
              <h2>{title}</h2>
              <Muted>{text}</Muted>
            </div>
          </CenteredMessage>
        </Td>
      </tr>
    );
  }
  return (
    <>
      {data.invoices.map((i) => (
        <tr key={i.id} data-testid="invoice-row">
          <Td>
            <Link to={`/invoice/${i.id}`}>{i.invoice_number}</Link>
          </Td>
          <Td style={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
            {formatAmount(i.total_amount, 2)} {i.asset.symbol}
          </Td>
          <Td>
            <InvoiceStatus status={i.status} />
          </Td>
          <Td>{nameOf(box === 'sent' ? i.client : i.creator)}</Td>
          <Td>{i.due_date ? formatDate(`${i.due_date}T00:00:00Z`) : '—'}</Td>
          <Td>{formatDate(i.sent_at ?? i.created_at)}</Td>
        </tr>
      ))}
      {last && data.next_cursor && (
        <tr>
          <Td colSpan={6} style={{ textAlign: 'center' }}>
            <Button type="button" $variant="outline" $size="sm" onClick={() => onMore(data.next_cursor!)}>
              Load More
            </Button>
          </Td>
        </tr>
      )}
    </>
  );
}

function InvoiceTable({ box }: { box: Box }) {
  const [cursors, setCursors] = useState<string[]>([]);
  return (
    <TableWrap aria-label={box === 'sent' ? 'Invoices you sent' : 'Invoices you received'}>
      <Table>
        <thead>
          <tr>
            <Th>Invoice</Th>
            <Th style={{ textAlign: 'right' }}>Amount</Th>
            <Th>Status</Th>
            <Th>{box === 'sent' ? 'Client' : 'From'}</Th>
            <Th>Due</Th>
            <Th>Date</Th>
          </tr>
        </thead>
        <tbody>
          {[undefined, ...cursors].map((c, i) => (
            <Fragment key={c ?? 'first'}>
              <Rows box={box} cursor={c} last={i === cursors.length} onMore={(n) => setCursors((x) => [...x, n])} />
            </Fragment>
          ))}
        </tbody>
      </Table>
    </TableWrap>
  );
}

/** /invoices (docs/product.md "Invoices"): Sent and Received tabs, Create Invoice. */
export function InvoicesPage() {
  const [params, setParams] = useSearchParams();
  const box: Box = params.get('box') === 'received' ? 'received' : 'sent';
  return (
    <Page>
      <PageHead>
        <div>
          <h1>Invoices</h1>
          <p>Bill clients in your currency; they pay from their wallet and you see it here.</p>
        </div>
        <Button as={Link} to="/invoices/create">
          Create Invoice
        </Button>
      </PageHead>
      <Tabs
        defaultValue="sent"
        value={box}
        onValueChange={(v) => setParams(v === 'received' ? { box: 'received' } : {}, { replace: true })}
      >
        <TabsList>
          <TabsTrigger value="sent">Sent</TabsTrigger>
          <TabsTrigger value="received">Received</TabsTrigger>
        </TabsList>
        <TabsContent value="sent">
          <InvoiceTable box="sent" />
        </TabsContent>
        <TabsContent value="received">
          <InvoiceTable box="received" />
        </TabsContent>
      </Tabs>
    </Page>
  );
}
