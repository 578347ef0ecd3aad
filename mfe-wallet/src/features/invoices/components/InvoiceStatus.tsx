import { Badge, invoiceBadge } from '@portal/shared-ui';

export function InvoiceStatus({ status }: { status: string }) {
  const b = invoiceBadge(status);
  return (
    <Badge $kind={b.kind} data-testid="invoice-status">
      {b.label}
    </Badge>
  );
}
