import { Prisma, getPrisma } from '../../../platform/db/prisma.js';
import { conflict, validationError } from '../../../platform/errors.js';
import { NOT_A_NUMBER, decimalRefusal, fitsScale, scaleReason } from '../../../platform/http/fields.js';
import { ownAccount } from '../accounts/service.js';
import {
  BANK_ASSET,
  INVALID_AMOUNT,
  MISSING_INFORMATION,
  RECONNECT_FIRST,
  USD_ONLY,
  type MoveInput,
} from '../schemas.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A deposit's or withdrawal's form, checked in the spec's words (docs/product.md "Linked accounts, deposits and withdrawal"): account,
 * asset and amount required ('Missing Information'); the amount a number above 0 ('Invalid Amount');
 * the account the caller's own and signed in; the asset US dollars (what Plaid Transfer moves).
 */
export async function checkMove(userId: string, input: MoveInput) {
  const missing: Record<string, string> = {};
  if (!input.linkedAccountId) missing.linkedAccountId = 'Choose a bank account.';
  if (!input.assetId) missing.assetId = 'Choose an asset.';
  if (!input.amount) missing.amount = 'Enter an amount.';
  if (Object.keys(missing).length) throw validationError(missing, MISSING_INFORMATION);
  const amountText = input.amount!;
  const refusal = decimalRefusal(amountText, { invalid: NOT_A_NUMBER });
  if (refusal) throw validationError({ amount: refusal }, INVALID_AMOUNT);
  if (!UUID.test(input.linkedAccountId!))
    throw validationError({ linkedAccountId: 'Choose one of your linked accounts.' }, MISSING_INFORMATION);
  const asset = UUID.test(input.assetId!)
    ? await getPrisma().asset.findUnique({
        where: { id: input.assetId! },
        select: { id: true, symbol: true, scale: true },
      })
    : null;
  if (!asset) throw validationError({ assetId: 'Choose an asset.' }, MISSING_INFORMATION);
  if (asset.symbol !== BANK_ASSET) throw validationError({ assetId: USD_ONLY }, INVALID_AMOUNT);
  if (!fitsScale(amountText, asset)) throw validationError({ amount: scaleReason(asset) }, INVALID_AMOUNT);
  const account = await ownAccount(userId, input.linkedAccountId!);
  // an account Plaid no longer names (no account id) cannot move money until it is linked again
  const { plaidAccountId } = account;
  if (account.status !== 'active' || !plaidAccountId) throw conflict(RECONNECT_FIRST);
  return {
    account: { ...account, plaidAccountId },
    asset,
    amount: new Prisma.Decimal(amountText).toFixed(asset.scale),
  };
}
