import type { AuthUser } from '../../../platform/auth/tokens.js';
import { requireStepUpForMove, stepUpRequiredForMove } from '../../../platform/second-factor/step-up.js';
import { Prisma, getPrisma } from '../../../platform/db/prisma.js';
import type { IdempotencyContext } from '../../../platform/idempotency/index.js';
import { quoteFee, quoteOutflow } from '../../../platform/ledger/index.js';
import { accessTokenOf } from '../accounts/service.js';
import { instantCapable } from '../link-token/service.js';
import { WITHDRAWAL_FAILED, type MoveInput } from '../schemas.js';
import { checkMove } from '../transfers/move-input.js';
import { requestTransfer } from '../transfers/request.js';

const TIMING = {
  rtp: 'Instant: usually arrives within minutes (bank timing may vary).',
  'same-day-ach':
    'Your bank does not take instant transfers: this goes by same-day ACH and usually arrives by the end of the next business day (bank timing may vary).',
} as const;

type Move = Awaited<ReturnType<typeof checkMove>>;

/** RTP when the account's bank takes instant credits (asked of Plaid now, and remembered), else same-day ACH. */
async function networkFor(account: Move['account']) {
  const instant = await instantCapable(accessTokenOf(account), account.plaidAccountId!);
  if (instant !== account.rtpCredit)
    await getPrisma().userLinkedAccount.update({ where: { id: account.id }, data: { rtpCredit: instant } });
  return instant ? ('rtp' as const) : ('same-day-ach' as const);
}

/** The fee, the total that leaves the wallet (held: the ledger's refusal when short or over a limit, before the PIN) and the network. */
async function priced(userId: string, move: Move) {
  const fee = new Prisma.Decimal((await quoteFee('withdrawal', move.asset.symbol, move.amount))?.fee ?? 0).toFixed(
    move.asset.scale,
  );
  const total = new Prisma.Decimal(move.amount).plus(fee).toFixed(move.asset.scale);
  await quoteOutflow(userId, move.asset.symbol, total);
  const network = await networkFor(move.account);
  return { amount: move.amount, fee, total, asset_symbol: move.asset.symbol, network, timing: TIMING[network] };
}

/** What the withdrawal costs, before the PIN: the fee from the fee schedule, the total leaving the wallet, how it travels. */
export async function quoteWithdrawal(user: AuthUser, input: MoveInput) {
  const quote = await priced(user.id, await checkMove(user.id, input));
  return {
    ...quote,
    step_up_required: await stepUpRequiredForMove(user, { assetSymbol: quote.asset_symbol, amount: quote.amount }),
  };
}

/**
 * Instant withdrawal (docs/product.md "Linked accounts, deposits and withdrawal"): amount + fee leave the wallet at
 * once into escrow, then Plaid is asked for the credit; declined, failed or returned, the money comes
 * back through the ledger and the transfer says why.
 */
export async function requestWithdrawal(user: AuthUser, input: MoveInput, pin: string, idem: IdempotencyContext) {
  const userId = user.id;
  const move = await checkMove(userId, input);
  const quote = await priced(userId, move);
  await requireStepUpForMove(user, { assetSymbol: move.asset.symbol, amount: move.amount }); // beside the PIN (requestTransfer)
  const { transfer } = await requestTransfer(
    userId,
    move,
    { direction: 'withdrawal', fee: quote.fee, network: quote.network },
    pin,
    idem,
  );
  const failed = ['declined', 'failed'].includes(transfer.status);
  return { message: failed ? WITHDRAWAL_FAILED : `Withdrawal on its way. ${quote.timing}`, transfer };
}
