import type { TransferAuthorizationDecisionRationale } from 'plaid';
import { ACHClass, TransferNetwork, TransferType } from 'plaid';
import { inTransaction } from '../../../platform/db/transaction.js';
import { getPrisma } from '../../../platform/db/prisma.js';
import { logger } from '../../../platform/logger.js';
import { openToken, plaid, plaidErrorOf } from '../../../platform/plaid/index.js';
import { setItemStatus } from '../accounts/service.js';
import { undoUnsettled } from './booking.js';
import { lockTransfer } from './locked.js';

/** Plaid's decline codes, in words a user understands (they see why). */
const DECLINED: Record<string, string> = {
  NSF: 'Your bank account does not have enough money for this transfer.',
  TRANSFER_LIMIT_REACHED: 'This amount is above what can be sent to your bank in one transfer.',
  RISK: 'The bank network declined this transfer.',
};
const declineReason = (r: TransferAuthorizationDecisionRationale | null) =>
  DECLINED[r?.code ?? ''] ?? r?.description ?? 'The bank network declined this transfer.';
/** Plaid errors worth trying again later (the request stays 'requested' for the resume job). */
const RETRYABLE = new Set(['API_ERROR', 'RATE_LIMIT_EXCEEDED', 'INSTITUTION_ERROR']);

/**
 * Takes a requested transfer to Plaid: authorization (Plaid decides from the account: NSF for a debit,
 * limits for a credit), then the transfer. Both carry the row's id as idempotency key, so a retry (the
 * resume job after a crash, or two at once) makes one authorization and one transfer. A decline or a
 * refusal ends the request (a withdrawal's hold goes back); a network failure leaves it requested.
 */
export async function sendToPlaid(id: string): Promise<void> {
  const t = await getPrisma().bankTransfer.findUnique({
    where: { id },
    include: { linkedAccount: true, user: { select: { fullName: true } } },
  });
  if (!t || t.status !== 'requested') return;
  if (!t.linkedAccount?.accessTokenEnc)
    return endRequest(id, 'failed', 'The bank account was unlinked before the transfer was made.');
  const api = await plaid();
  const accessToken = openToken(t.linkedAccount.accessTokenEnc);
  const base = { access_token: accessToken, account_id: t.plaidAccountId, amount: t.amount.toFixed(2) };
  try {
    const { authorization } = (
      await api.transferAuthorizationCreate({
        ...base,
        type: t.direction === 'deposit' ? TransferType.Debit : TransferType.Credit,
        network: t.network as TransferNetwork,
        ach_class: ACHClass.Ppd,
        user: { legal_name: t.user.fullName || 'Portal customer' },
        idempotency_key: t.id,
      })
    ).data;
    if (authorization.decision !== 'approved')
      return endRequest(id, 'declined', declineReason(authorization.decision_rationale));
    const { transfer } = (
      await api.transferCreate({
        access_token: accessToken,
        account_id: t.plaidAccountId,
        authorization_id: authorization.id,
        idempotency_key: t.id,
        description: t.direction === 'deposit' ? 'Deposit' : 'Withdrawal',
        metadata: { bank_transfer_id: t.id },
      })
    ).data;
    await markAtPlaid(id, authorization.id, transfer.id);
  } catch (err) {
    const e = plaidErrorOf(err);
    if (!e || RETRYABLE.has(e.error_type)) {
      logger.warn({ transfer: id, plaid: e?.error_code ?? String(err) }, 'bank transfer left for a retry');
      return;
    }
    if (e.error_code === 'ITEM_LOGIN_REQUIRED' && t.linkedAccount.plaidItemId)
      await setItemStatus(t.linkedAccount.plaidItemId, 'login_required');
    await endRequest(id, 'failed', e.display_message ?? e.error_message);
  }
}

/** The transfer exists at Plaid; unless the event sync got there first (it matches transfers by their metadata). */
export async function markAtPlaid(id: string, authorizationId: string, plaidTransferId: string) {
  await getPrisma().bankTransfer.updateMany({
    where: { id, status: 'requested' },
    data: { plaidAuthorizationId: authorizationId, plaidTransferId, status: 'pending' },
  });
}

/** A request that will not reach the bank: declined or failed, and a withdrawal's money back, in one transaction. */
export async function endRequest(id: string, status: 'declined' | 'failed', reason: string) {
  await inTransaction(async (db, tx) => {
    const t = await lockTransfer(db, tx, { id });
    if (!t || t.status !== 'requested') return;
    const undo = await undoUnsettled(db, t, reason);
    await tx.bankTransfer.update({ where: { id }, data: { status, failureReason: reason, undoTransactionId: undo } });
  });
}
