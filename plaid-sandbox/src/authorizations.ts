// /transfer/authorization/create's rules: login-required items and unsupported networks are
// errors; a debit above the available balance (NSF) or a credit above the sandbox's per-transfer
// limit is declined; anything else is approved.
import { randomUUID } from 'node:crypto';
import { invalidField } from './errors.js';
import { rememberIdempotent, replayedId } from './idempotency.js';
import { accountOf, requireLoginOk } from './items.js';
import { formatAmount } from './money.js';
import {
  plaidTimestamp,
  type AchClass,
  type DecisionRationale,
  type TransferAuthorization,
  type TransferNetwork,
  type TransferType,
  type TransferUser,
} from './plaid-shapes.js';
import type { AccountRecord, ItemRecord, SandboxData } from './state.js';

export interface AuthorizationRequest {
  accountId: string;
  type: TransferType;
  network: TransferNetwork;
  amountCents: number;
  achClass: AchClass | undefined;
  user: TransferUser;
  idempotencyKey: string | undefined;
}

function decide(
  request: AuthorizationRequest,
  account: AccountRecord,
  creditLimitCents: number,
): DecisionRationale | null {
  if (request.type === 'debit' && request.amountCents > account.available_cents)
    return { code: 'NSF', description: "Transaction declined due to insufficient funds in the user's account." };
  if (request.type === 'credit' && request.amountCents > creditLimitCents)
    return {
      code: 'TRANSFER_LIMIT_REACHED',
      description: `Transaction declined because it exceeds the per-transfer credit limit of ${formatAmount(creditLimitCents)}.`,
    };
  return null;
}

export function authorizeTransfer(
  data: SandboxData,
  item: ItemRecord,
  request: AuthorizationRequest,
  creditLimitCents: number,
): TransferAuthorization {
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
  if (network !== 'rtp' && achClass === undefined)
    throw invalidField('ach_class is required for ach and same-day-ach transfers');

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
  rememberIdempotent(data, key, fingerprint, authorization.id);
  return authorization;
}
