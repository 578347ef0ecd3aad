import { getPool } from '../../../platform/db/pool.js';
import { getPrisma, type Prisma } from '../../../platform/db/prisma.js';
import { inTransaction } from '../../../platform/db/transaction.js';
import { AppError, notFound, validationError } from '../../../platform/errors.js';
import { checkAssetScale } from '../../../platform/http/fields.js';
import { quoteSend } from '../../../platform/ledger/index.js';
import { notify } from '../../../platform/notifications/index.js';
import { requestInclude, requestView } from './view.js';
import { requestableAsset as requestableAssetQuery } from './requestable-asset.queries.js';

export async function createRequest(
  userId: string,
  b: { payerId?: string; payerEmail?: string; assetSymbol: string; amount: string; description?: string | null },
) {
  const found = await getPrisma().profile.findFirst({
    where: b.payerId
      ? { id: b.payerId, user: { disabledAt: null } }
      : { user: { email: b.payerEmail?.toLowerCase(), disabledAt: null } },
    select: { id: true },
  });
  const payer = found?.id;
  const field = b.payerId ? 'payerId' : 'payerEmail';
  if (!payer) throw new AppError(404, 'NOT_FOUND', 'User not found.', { fields: { [field]: 'No such user.' } });
  if (payer === userId)
    throw validationError(
      { [field]: 'You cannot request money from yourself.' },
      'You cannot request money from yourself.',
    );
  const asset = await requestableAsset(b.assetSymbol, b.amount);
  return inTransaction(async (db, tx) => {
    const request = requestView(
      await tx.paymentRequest.create({
        data: {
          requesterId: userId,
          payerId: payer,
          assetId: asset.id,
          amount: b.amount,
          description: b.description ?? null,
        },
        include: requestInclude,
      }),
    );
    await notify(db, {
      userId: payer,
      kind: 'request_received',
      actorId: userId,
      link: '/pay',
      data: { amount: request.amount, asset: asset.symbol },
    });
    return { request };
  });
}

/**
 * The asset of a request for `amount`: it exists, the amount fits its scale, and its US-dollar value
 * is within the smallest platform cap (transaction_limit_caps), or no one could ever pay it: every
 * payment counts against the payer's daily limit, which is never above the daily cap.
 */
async function requestableAsset(symbol: string, amount: string) {
  // the amount in USD against the smallest cap, shown with money_usd(): SQL
  const [asset] = await requestableAssetQuery.run({ symbol, amount }, getPool());
  if (!asset) throw validationError({ assetSymbol: 'Unknown asset.' }, 'Unknown asset.');
  checkAssetScale(asset, { amount });
  if (asset.over_cap) {
    const reason = `A payment can be at most $${asset.cap} a day, so this request could never be paid.`;
    throw validationError({ amount: reason }, reason);
  }
  return asset;
}

export async function listRequests(userId: string) {
  const newest = (where: Prisma.PaymentRequestWhereInput) =>
    getPrisma().paymentRequest.findMany({ where, include: requestInclude, orderBy: { createdAt: 'desc' }, take: 50 });
  const [incoming, outgoing] = await Promise.all([newest({ payerId: userId }), newest({ requesterId: userId })]);
  return { incoming: incoming.map(requestView), outgoing: outgoing.map(requestView) };
}

/** decline (payer) or cancel (requester) a pending request; anyone else gets 404. */
export async function closeRequest(userId: string, id: string, as: 'payer' | 'requester') {
  const mine: Prisma.PaymentRequestWhereInput = as === 'payer' ? { id, payerId: userId } : { id, requesterId: userId };
  const requests = getPrisma().paymentRequest;
  // the status changes only from pending, in one statement, so a payment that lands meanwhile wins
  const { count } = await requests.updateMany({
    where: { ...mine, status: 'pending' },
    data: { status: as === 'payer' ? 'declined' : 'cancelled', updatedAt: new Date() },
  });
  const request = await requests.findFirst({ where: mine, include: requestInclude });
  if (!request) throw notFound('Payment request not found.');
  if (count === 0)
    throw new AppError(409, 'CONFLICT', `This payment request is already ${request.status}.`, {
      status: request.status,
    });
  return { request: requestView(request) };
}

/** The pending request `id` addressed to `payerId`, as the send it would be; 404 for anyone else, 409 when no longer pending. */
export async function pendingRequestOf(payerId: string, id: string) {
  const q = await getPrisma().paymentRequest.findFirst({
    where: { id, payerId },
    select: {
      status: true,
      requesterId: true,
      amount: true,
      asset: { select: { symbol: true, scale: true } },
    },
  });
  if (!q) throw notFound('Payment request not found.');
  if (q.status !== 'pending')
    throw new AppError(409, 'CONFLICT', `This payment request is already ${q.status}.`, { status: q.status });
  return {
    requesterId: q.requesterId,
    symbol: q.asset.symbol,
    amount: q.amount.toFixed(q.asset.scale),
  };
}

export async function quoteRequest(payerId: string, id: string) {
  const r = await pendingRequestOf(payerId, id);
  return quoteSend(payerId, { recipientId: r.requesterId, assetSymbol: r.symbol, amount: r.amount });
}
