// /transfer/create: a pending transfer from an approved, unused authorization of the same item,
// with Plaid's settlement and return-window dates.
import { randomUUID } from 'node:crypto';
import { addBusinessDays } from './business-days.js';
import { invalidField, transferError } from './errors.js';
import { rememberIdempotent, replayedId } from './idempotency.js';
import { centsOf, formatAmount } from './money.js';
import {
  plaidTimestamp,
  type Transfer,
  type TransferEvent,
  type TransferNetwork,
  type TransferType,
} from './plaid-shapes.js';
import type { ItemRecord, SandboxData, TransferRecord } from './state.js';
import { appendTransferEvent } from './transfer-events.js';

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

export function createTransfer(
  data: SandboxData,
  item: ItemRecord,
  request: TransferRequest,
): { transfer: Transfer; event: TransferEvent | null } {
  const key = request.idempotencyKey === undefined ? undefined : `transfer:${request.idempotencyKey}`;
  const fingerprint = JSON.stringify([
    item.item_id,
    request.accountId,
    request.authorizationId,
    request.amountCents,
    request.description,
  ]);
  const replayed = replayedId(data, key, fingerprint);
  if (replayed !== undefined) return { transfer: data.transfers[replayed]!.transfer, event: null };

  const authorizationRecord = data.authorizations[request.authorizationId];
  if (!authorizationRecord || authorizationRecord.item_id !== item.item_id)
    throw transferError(
      'TRANSFER_AUTHORIZATION_NOT_FOUND',
      `authorization ${request.authorizationId} not found for this item`,
    );
  const { authorization } = authorizationRecord;
  if (authorization.decision !== 'approved')
    throw transferError(
      'TRANSFER_AUTHORIZATION_DECLINED',
      'the authorization was declined; a transfer needs an approved authorization',
    );
  if (authorizationRecord.transfer_id !== null)
    throw transferError(
      'TRANSFER_AUTHORIZATION_ALREADY_USED',
      'the authorization has already been used to create a transfer',
    );
  const proposed = authorization.proposed_transfer;
  if (proposed.account_id !== request.accountId) throw invalidField('account_id does not match the authorization');
  if (request.amountCents !== undefined && request.amountCents > centsOf(proposed.amount))
    throw invalidField('amount exceeds the authorized amount');
  if (request.description.length > maxDescriptionLength)
    throw invalidField(`description must be at most ${maxDescriptionLength} characters`);

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
  rememberIdempotent(data, key, fingerprint, transfer.id);
  return { transfer, event: appendTransferEvent(data, transfer, 'pending') };
}

export function transferRecord(data: SandboxData, transferId: string): TransferRecord {
  const record = data.transfers[transferId];
  if (!record) throw invalidField(`transfer_id ${transferId} not found`);
  return record;
}
