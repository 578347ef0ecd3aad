// The Plaid response objects the sandbox builds, field for field as in the plaid client's
// api.d.ts (plaid-shapes.test.ts checks the field names against it).

export type TransferType = 'debit' | 'credit';
export type TransferNetwork = 'ach' | 'same-day-ach' | 'rtp';
export type AchClass = 'ccd' | 'ppd' | 'tel' | 'web';
export type TransferStatus = 'pending' | 'posted' | 'settled' | 'funds_available' | 'failed' | 'returned';
export type TransferEventType = TransferStatus;

export interface TransferFailure {
  failure_code: string | null;
  ach_return_code: string | null;
  description: string;
}

export interface TransferUserAddress {
  street: string | null;
  city: string | null;
  region: string | null;
  postal_code: string | null;
  country: string | null;
}

export interface TransferUser {
  legal_name: string;
  phone_number: string | null;
  email_address: string | null;
  address: TransferUserAddress | null;
}

export interface ProposedTransfer {
  ach_class?: AchClass;
  account_id: string;
  funding_account_id: null;
  type: TransferType;
  user: TransferUser;
  amount: string;
  requested_amount: string;
  network: TransferNetwork;
  origination_account_id: string;
  iso_currency_code: 'USD';
  originator_client_id: null;
  credit_funds_source: null;
}

export interface DecisionRationale {
  code: 'NSF' | 'TRANSFER_LIMIT_REACHED';
  description: string;
}

export interface TransferAuthorization {
  id: string;
  created: string;
  decision: 'approved' | 'declined';
  decision_rationale: DecisionRationale | null;
  guarantee_decision: null;
  guarantee_decision_rationale: null;
  payment_risk: null;
  proposed_transfer: ProposedTransfer;
}

export interface Transfer {
  id: string;
  authorization_id: string;
  ach_class?: AchClass;
  account_id: string;
  funding_account_id: null;
  type: TransferType;
  user: TransferUser;
  amount: string;
  description: string;
  created: string;
  status: TransferStatus;
  network: TransferNetwork;
  cancellable: boolean;
  failure_reason: TransferFailure | null;
  metadata: Record<string, string> | null;
  origination_account_id: string;
  guarantee_decision: null;
  guarantee_decision_rationale: null;
  iso_currency_code: 'USD';
  standard_return_window: string | null;
  unauthorized_return_window: string | null;
  expected_settlement_date: string | null;
  originator_client_id: null;
  refunds: [];
  recurring_transfer_id: null;
  credit_funds_source: null;
}

export interface TransferEvent {
  event_id: number;
  timestamp: string;
  event_type: TransferEventType;
  account_id: string;
  funding_account_id: null;
  transfer_id: string;
  origination_account_id: null;
  transfer_type: TransferType;
  transfer_amount: string;
  failure_reason: TransferFailure | null;
  sweep_id: null;
  sweep_amount: null;
  refund_id: null;
  originator_client_id: null;
  intent_id: null;
}

export interface AccountBalances {
  available: number;
  current: number;
  iso_currency_code: 'USD';
  limit: null;
  unofficial_currency_code: null;
}

export interface Account {
  account_id: string;
  balances: AccountBalances;
  mask: string;
  name: string;
  official_name: string;
  type: 'depository';
  subtype: 'checking' | 'savings';
}

/** Plaid timestamps look like 2006-01-02T15:04:05Z (no fraction). */
export function plaidTimestamp(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}
