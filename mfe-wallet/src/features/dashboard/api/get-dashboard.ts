import type { ApiSchema } from '@portal/shared-ui';
import { walletApi } from '../../../lib/api';

/** GET /api/wallet/dashboard (docs/decisions.md). Money values are decimal strings. */
export type DashboardData = ApiSchema<'Dashboard'>;
export type DashboardProfile = DashboardData['profile'];
export type DashboardWallet = DashboardData['wallets'][number];
export type DashboardAsset = DashboardWallet['asset'];
export type DashboardTransaction = DashboardData['recent_transactions'][number];
export type PartyRef = NonNullable<DashboardTransaction['sender']>;

export const dashboardApi = walletApi.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<DashboardData, void>({
      query: () => 'wallet/dashboard',
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;
