import { getAccessToken, refreshSession, API_BASE, type ApiResponse, type ApiSchema } from '@portal/shared-ui';
import { walletApi } from '../../../lib/api';

/** GET /api/wallet/transactions?page= (spec 000 §7 history): 10 per page, exact total. */
export type HistoryTx = ApiSchema<'Transaction'>;
export type HistoryPage = ApiResponse<'/api/wallet/transactions', 'get'>;

const api = walletApi.enhanceEndpoints({ addTagTypes: ['Transactions'] }).injectEndpoints({
  endpoints: (build) => ({
    getTransactionHistory: build.query<HistoryPage, number>({ query: (page) => ({ url: 'wallet/transactions', params: { page } }), providesTags: ['Transactions'] }),
  }),
});
export const { useGetTransactionHistoryQuery } = api;

/** GET /api/wallet/transactions.csv with the bearer token (one refresh on 401); saves the file. */
export async function downloadStatement(): Promise<void> {
  const get = (token: string | null) => fetch(`${API_BASE}/wallet/transactions.csv`, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'same-origin' });
  let res = await get(getAccessToken());
  if (res.status === 401) res = await get(await refreshSession().catch(() => null));
  if (!res.ok) throw new Error(`Download failed (${res.status})`);
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
