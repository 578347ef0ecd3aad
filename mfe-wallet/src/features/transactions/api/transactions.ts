import { apiResponse, type ApiQuery, type ApiResponse, type ApiSchema } from '@portal/shared-ui';
import { walletApi } from '../../../lib/api';

/** GET /api/wallet/transactions?page=&type=&asset=&from=&to=: the history, 10 per page, exact total, lines in the server's words. */
export type HistoryTx = ApiSchema<'StatementLine'>;
export type HistoryPage = ApiResponse<'/api/wallet/transactions', 'get'>;
export type HistoryQuery = ApiQuery<'/api/wallet/transactions', 'get'>;
export type HistoryFilter = Omit<HistoryQuery, 'page'>;

const api = walletApi.enhanceEndpoints({ addTagTypes: ['Transactions'] }).injectEndpoints({
  endpoints: (build) => ({
    getTransactionHistory: build.query<HistoryPage, HistoryQuery>({
      query: (params) => ({ url: 'wallet/transactions', params }),
      providesTags: ['Transactions'],
    }),
  }),
});
export const { useGetTransactionHistoryQuery } = api;

/** GET /api/wallet/transactions.csv with the same filters, the bearer token (one refresh on 401); saves the file. */
export async function downloadStatement(filter: HistoryFilter = {}): Promise<void> {
  const query = new URLSearchParams(Object.entries(filter).filter((kv): kv is [string, string] => !!kv[1])).toString();
  // a failure throws the server's reason (e.g. a bad filter), not just the status
  const res = await apiResponse(`wallet/transactions.csv${query ? `?${query}` : ''}`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'transactions.csv';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
