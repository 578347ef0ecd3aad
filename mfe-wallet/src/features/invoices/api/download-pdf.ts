import { apiResponse } from '@portal/shared-ui';

/** GET /api/invoices/{id}/pdf with the session's token, saved as a file named after the invoice number. */
export async function downloadInvoicePdf(id: string, invoiceNumber: string): Promise<void> {
  const res = await apiResponse(`invoices/${id}/pdf`);
  const url = URL.createObjectURL(await res.blob());
  const a = Object.assign(document.createElement('a'), { href: url, download: `${invoiceNumber}.pdf` });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
