import { walletApi } from '../../../lib/api';

/** GET /api/wallet/dashboard (docs/decisions.md). Money values are decimal strings. */
export interface DashboardProfile {
  id: string;
  full_name: string | null;
  email: string | null;
  username: string | null;
  kyc_status: string | null;
  is_accredited_investor: boolean;
  avatar_url: string | null;
}
export interface DashboardAsset {
  id: string;
  symbol: string;
  name: string;
  logo_url: string | null;
  asset_type: 'fiat' | 'crypto' | string;
  scale: number;
}
export interface DashboardWallet {
  id: string;
  balance: string;
  asset: DashboardAsset | null;
}
export interface PartyRef {
  id: string;
  full_name: string | null;
}
export interface DashboardTransaction {
  id: string;
  created_at: string;
  amount: string;
  fee: string | null;
  status: string;
  transaction_type: string;
  description: string | null;
  asset: { symbol: string; name: string } | null;
  sender: PartyRef | null;
  receiver: PartyRef | null;
}
export interface DashboardData {
  profile: DashboardProfile | null;
  wallets: DashboardWallet[];
  recent_transactions: DashboardTransaction[];
}

const dashboardApi = walletApi.injectEndpoints({
  endpoints: (build) => ({
    getDashboard: build.query<DashboardData, void>({
      query: () => 'wallet/dashboard',
      providesTags: ['Dashboard'],
    }),
  }),
});

export const { useGetDashboardQuery } = dashboardApi;
