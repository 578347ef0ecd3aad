export { InvoicesPage } from './components/InvoicesPage';
export { InvoiceFormPage } from './components/InvoiceFormPage';
export { InvoiceDetailPage } from './components/InvoiceDetailPage';
