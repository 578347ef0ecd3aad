import { apiResponse } from '@portal/shared-ui';

/** GET /api/invoices/{id}/pdf with the session's token (and the reader's time zone, for its dates), saved as a file named after the invoice number. */
export async function downloadInvoicePdf(id: string, invoiceNumber: string): Promise<void> {
  const res = await apiResponse({
    url: `invoices/${id}/pdf`,
    params: { tz: Intl.DateTimeFormat().resolvedOptions().timeZone },
  });
  const url = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement('a'), { href: url, download: `${invoiceNumber}.pdf` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
