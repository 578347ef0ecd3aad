// Plaid Transfer's rules: authorizations (decision, NSF and limit declines, idempotency),
// transfers made from an approved authorization, and the status machine moved only by simulated
// events. Each status change appends a numbered event for /transfer/event/sync.
import { randomUUID } from 'node:crypto';
import { addBusinessDays } from './business-days.js';
import { invalidField, transferError } from './errors.js';
import { accountOf, requireLoginOk } from './items.js';
import { centsOf, formatAmount } from './money.js';
import {
  plaidTimestamp,
  type AchClass,
  type DecisionRationale,
  type Transfer,
  type TransferAuthorization,
  type TransferEvent,
  type TransferEventType,
  type TransferFailure,
  type TransferNetwork,
  type TransferStatus,
  type TransferType,
  type TransferUser,
} from './plaid-shapes.js';
import type { AccountRecord, ItemRecord, SandboxData, TransferRecord } from './state.js';

export interface AuthorizationRequest {
  accountId: string;
  type: TransferType;
  network: TransferNetwork;
  amountCents: number;
  achClass: AchClass | undefined;
  user: TransferUser;
  idempotencyKey: string | undefined;
}

export interface TransferRequest {
  accountId: string;
  authorizationId: string;
  amountCents: number | undefined;
  description: string;
  metadata: Record<string, string> | null;
  idempotencyKey: string | undefined;
}

/** Plaid's description limit (RTP; ACH shows only the first 10 characters). */
const maxDescriptionLength = 15;

/** The id a replay of the same idempotent request gets back, or undefined for a first request. */
function replayedId(data: SandboxData, key: string | undefined, fingerprint: string): string | undefined {
  if (key === undefined) return undefined;
  const previous = data.idempotency[key];
  if (previous && previous.fingerprint !== fingerprint) throw invalidField('idempotency_key was already used with a different request');
  return previous?.id;
}

function decide(request: AuthorizationRequest, account: AccountRecord, creditLimitCents: number): DecisionRationale | null {
  if (request.type === 'debit' && request.amountCents > account.available_cents)
    return { code: 'NSF', description: "Transaction declined due to insufficient funds in the user's account." };
  if (request.type === 'credit' && request.amountCents > creditLimitCents)
    return {
      code: 'TRANSFER_LIMIT_REACHED',
      description: `Transaction declined because it exceeds the per-transfer credit limit of ${formatAmount(creditLimitCents)}.`,
    };
  return null;
}

export function authorizeTransfer(data: SandboxData, item: ItemRecord, request: AuthorizationRequest, creditLimitCents: number): TransferAuthorization {
  const { accountId, type, network, amountCents, achClass, user } = request;
  const key = request.idempotencyKey === undefined ? undefined : `authorization:${request.idempotencyKey}`;
  const fingerprint = JSON.stringify([item.item_id, accountId, type, network, amountCents, achClass, user.legal_name]);
  const replayed = replayedId(data, key, fingerprint);
  if (replayed !== undefined) return data.authorizations[replayed]!.authorization;

  requireLoginOk(item);
  const account = accountOf(item, accountId);
  if (network === 'rtp' && type !== 'credit') throw invalidField('network rtp supports only credit transfers');
  if (network === 'rtp' && !account.rtp_credit)
    throw invalidField('the account does not support rtp; use /transfer/capabilities/get to choose the network');
  if (network !== 'rtp' && achClass === undefined) throw invalidField('ach_class is required for ach and same-day-ach transfers');

  const rationale = decide(request, account, creditLimitCents);
  const authorization: TransferAuthorization = {
    id: randomUUID(),
    created: plaidTimestamp(new Date()),
    decision: rationale ? 'declined' : 'approved',
    decision_rationale: rationale,
    guarantee_decision: null,
    guarantee_decision_rationale: null,
    payment_risk: null,
    proposed_transfer: {
      ...(achClass && { ach_class: achClass }),
      account_id: accountId,
      funding_account_id: null,
      type,
      user,
      amount: formatAmount(amountCents),
      requested_amount: formatAmount(amountCents),
      network,
      origination_account_id: '',
      iso_currency_code: 'USD',
      originator_client_id: null,
      credit_funds_source: null,
    },
  };
  data.authorizations[authorization.id] = { authorization, item_id: item.item_id, transfer_id: null };
  if (key !== undefined) data.idempotency[key] = { fingerprint, id: authorization.id };
  return authorization;
}

function appendEvent(data: SandboxData, transfer: Transfer, eventType: TransferEventType): TransferEvent {
  const event: TransferEvent = {
    event_id: data.transfer_events.length + 1,
    timestamp: plaidTimestamp(new Date()),
    event_type: eventType,
    account_id: transfer.account_id,
    funding_account_id: null,
    transfer_id: transfer.id,
    origination_account_id: null,
    transfer_type: transfer.type,
    transfer_amount: transfer.amount,
    failure_reason: transfer.failure_reason,
    sweep_id: null,
    sweep_amount: null,
    refund_id: null,
    originator_client_id: null,
    intent_id: null,
  };
  data.transfer_events.push(event);
  return event;
}

function settlementDates(created: Date, type: TransferType, network: TransferNetwork) {
  // Standard ACH settles the next business day; same-day ACH and RTP the same business day.
  const settlementDays = network === 'ach' ? 1 : 0;
  const settlement = new Date(`${addBusinessDays(created, settlementDays)}T00:00:00Z`);
  // Return windows bound the returns a debit can still get (R01... after 3 days, R10... after 61).
  return {
    expected_settlement_date: addBusinessDays(settlement, 0),
    standard_return_window: type === 'debit' ? addBusinessDays(settlement, 3) : null,
    unauthorized_return_window: type === 'debit' ? addBusinessDays(settlement, 61) : null,
  };
}

export function createTransfer(data: SandboxData, item: ItemRecord, request: TransferRequest): { transfer: Transfer; event: TransferEvent | null } {
  const key = request.idempotencyKey === undefined ? undefined : `transfer:${request.idempotencyKey}`;
  const fingerprint = JSON.stringify([item.item_id, request.accountId, request.authorizationId, request.amountCents, request.description]);
  const replayed = replayedId(data, key, fingerprint);
  if (replayed !== undefined) return { transfer: data.transfers[replayed]!.transfer, event: null };

  const authorizationRecord = data.authorizations[request.authorizationId];
  if (!authorizationRecord || authorizationRecord.item_id !== item.item_id)
    throw transferError('TRANSFER_AUTHORIZATION_NOT_FOUND', `authorization ${request.authorizationId} not found for this item`);
  const { authorization } = authorizationRecord;
  if (authorization.decision !== 'approved')
    throw transferError('TRANSFER_AUTHORIZATION_DECLINED', 'the authorization was declined; a transfer needs an approved authorization');
  if (authorizationRecord.transfer_id !== null)
    throw transferError('TRANSFER_AUTHORIZATION_ALREADY_USED', 'the authorization has already been used to create a transfer');
  const proposed = authorization.proposed_transfer;
  if (proposed.account_id !== request.accountId) throw invalidField('account_id does not match the authorization');
  if (request.amountCents !== undefined && request.amountCents > centsOf(proposed.amount))
    throw invalidField('amount exceeds the authorized amount');
  if (request.description.length > maxDescriptionLength) throw invalidField(`description must be at most ${maxDescriptionLength} characters`);

  const created = new Date();
  const transfer: Transfer = {
    id: randomUUID(),
    authorization_id: authorization.id,
    ...(proposed.ach_class && { ach_class: proposed.ach_class }),
    account_id: proposed.account_id,
    funding_account_id: null,
    type: proposed.type,
    user: proposed.user,
    amount: request.amountCents === undefined ? proposed.amount : formatAmount(request.amountCents),
    description: request.description,
    created: plaidTimestamp(created),
    status: 'pending',
    network: proposed.network,
    cancellable: true,
    failure_reason: null,
    metadata: request.metadata,
    origination_account_id: '',
    guarantee_decision: null,
    guarantee_decision_rationale: null,
    iso_currency_code: 'USD',
    ...settlementDates(created, proposed.type, proposed.network),
    originator_client_id: null,
    refunds: [],
    recurring_transfer_id: null,
    credit_funds_source: null,
  };
  data.transfers[transfer.id] = { transfer, item_id: item.item_id };
  authorizationRecord.transfer_id = transfer.id;
  if (key !== undefined) data.idempotency[key] = { fingerprint, id: transfer.id };
  return { transfer, event: appendEvent(data, transfer, 'pending') };
}

export function transferRecord(data: SandboxData, transferId: string): TransferRecord {
  const record = data.transfers[transferId];
  if (!record) throw invalidField(`transfer_id ${transferId} not found`);
  return record;
}

export const simulatableEvents = ['posted', 'settled', 'funds_available', 'failed', 'returned'] as const;
export type SimulatableEvent = (typeof simulatableEvents)[number];

/** The statuses each simulated event may follow, in Plaid's order. */
const allowedFrom: Record<SimulatableEvent, readonly TransferStatus[]> = {
  posted: ['pending'],
  settled: ['posted'],
  funds_available: ['settled'],
  failed: ['pending'],
  returned: ['posted', 'settled', 'funds_available'],
};

const defaultFailures: Record<'failed' | 'returned', TransferFailure> = {
  failed: { failure_code: null, ach_return_code: null, description: 'The transfer failed.' },
  returned: { failure_code: 'R01', ach_return_code: 'R01', description: 'Insufficient funds' },
};

/** Settled money moves the account's balances: a debit takes it out, a credit puts it in. */
function moveBalance(data: SandboxData, record: TransferRecord, direction: 1 | -1): void {
  const account = data.items[record.item_id]?.accounts.find((candidate) => candidate.account_id === record.transfer.account_id);
  if (!account) return;
  const cents = centsOf(record.transfer.amount) * (record.transfer.type === 'debit' ? -1 : 1) * direction;
  account.available_cents += cents;
  account.current_cents += cents;
}

export function simulateTransferEvent(
  data: SandboxData,
  transferId: string,
  eventType: SimulatableEvent,
  failureReason: Partial<TransferFailure> | undefined,
): TransferEvent {
  const record = transferRecord(data, transferId);
  const { transfer } = record;
  const wrongType = eventType === 'funds_available' && transfer.type !== 'debit';
  if (wrongType || !allowedFrom[eventType].includes(transfer.status))
    throw invalidField(`cannot simulate ${eventType} for a ${transfer.type} transfer that is ${transfer.status}`);

  const wasSettled = transfer.status === 'settled' || transfer.status === 'funds_available';
  if (eventType === 'settled') moveBalance(data, record, 1);
  if (eventType === 'returned' && wasSettled) moveBalance(data, record, -1);
  if (eventType === 'failed' || eventType === 'returned') {
    const fallback = defaultFailures[eventType];
    transfer.failure_reason = {
      failure_code: failureReason?.failure_code ?? fallback.failure_code,
      ach_return_code: failureReason?.ach_return_code ?? fallback.ach_return_code,
      description: failureReason?.description ?? fallback.description,
    };
  }
  transfer.status = eventType;
  transfer.cancellable = false;
  return appendEvent(data, transfer, eventType);
}

/** The event automatic settlement applies next: the happy path of Plaid's order, or none. */
export function nextAutomaticEvent(transfer: Transfer): SimulatableEvent | undefined {
  if (transfer.status === 'pending') return 'posted';
  if (transfer.status === 'posted') return 'settled';
  if (transfer.status === 'settled' && transfer.type === 'debit') return 'funds_available';
  return undefined;
}

export function transferEventsAfter(data: SandboxData, afterId: number, count: number): { events: TransferEvent[]; hasMore: boolean } {
  // Event ids are positions in the log (1, 2, ...), so the events after after_id start at that index.
  const events = data.transfer_events.slice(afterId, afterId + count);
  return { events, hasMore: data.transfer_events.length > afterId + count };
}
