import { walletApi } from '../../../lib/api';

/** The wallet api with the invoices' cache tags: a list per box, each invoice by id. */
export const invoicesApi = walletApi.enhanceEndpoints({
  addTagTypes: ['Invoices', 'Invoice', 'Assets', 'Transactions'],
});
