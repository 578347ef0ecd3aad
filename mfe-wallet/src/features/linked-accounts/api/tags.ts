import { walletApi } from '../../../lib/api';

/**
 * The wallet api with the banking cache tags: the linked accounts and the bank transfers, plus the
 * wallet's own tags that money moving through a bank changes (balances, dashboard, history).
 */
export const bankingApi = walletApi.enhanceEndpoints({
  addTagTypes: ['LinkedAccounts', 'BankTransfers', 'Assets', 'Transactions', 'PaymentSettings'],
});

/** What a bank transfer that moved money (or gave it back) makes stale elsewhere in the wallet. */
export const WALLET_TAGS = ['Dashboard', 'Assets', 'Transactions'] as const;
