// The transfer status machine and its event log. Transfers move only by simulated events (or
// automatic settlement), in Plaid's order; each move appends an event numbered 1, 2, ... for
// /transfer/event/sync and, when money settles, changes the account's balances.
import { invalidField } from './errors.js';
import { centsOf } from './money.js';
import {
  plaidTimestamp,
  type Transfer,
  type TransferEvent,
  type TransferEventType,
  type TransferFailure,
  type TransferStatus,
} from './plaid-shapes.js';
import type { SandboxData, TransferRecord } from './state.js';

export function appendTransferEvent(
  data: SandboxData,
  transfer: Transfer,
  eventType: TransferEventType,
): TransferEvent {
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
  const account = data.items[record.item_id]?.accounts.find(
    (candidate) => candidate.account_id === record.transfer.account_id,
  );
  if (!account) return;
  const cents = centsOf(record.transfer.amount) * (record.transfer.type === 'debit' ? -1 : 1) * direction;
  account.available_cents += cents;
  account.current_cents += cents;
}

export function simulateTransferEvent(
  data: SandboxData,
  record: TransferRecord,
  eventType: SimulatableEvent,
  failureReason: Partial<TransferFailure> | undefined,
): TransferEvent {
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
  return appendTransferEvent(data, transfer, eventType);
}

/** The event automatic settlement applies next: the happy path of Plaid's order, or none. */
export function nextAutomaticEvent(transfer: Transfer): SimulatableEvent | undefined {
  if (transfer.status === 'pending') return 'posted';
  if (transfer.status === 'posted') return 'settled';
  if (transfer.status === 'settled' && transfer.type === 'debit') return 'funds_available';
  return undefined;
}

export function transferEventsAfter(
  data: SandboxData,
  afterId: number,
  count: number,
): { events: TransferEvent[]; hasMore: boolean } {
  // Event ids are positions in the log (1, 2, ...), so the events after after_id start at that index.
  const events = data.transfer_events.slice(afterId, afterId + count);
  return { events, hasMore: data.transfer_events.length > afterId + count };
}
