import { getPrisma } from '../../../platform/db/prisma.js';
import { notFound } from '../../../platform/errors.js';
import { logger } from '../../../platform/logger.js';
import { openToken, plaid, plaidErrorOf } from '../../../platform/plaid/index.js';
import { ACCOUNT_NOT_FOUND } from '../schemas.js';
import { accountView } from '../views.js';

/** The caller's linked account; anyone else's (or none) is 'Linked account not found.' (404). */
export async function ownAccount(userId: string, id: string) {
  const account = await getPrisma().userLinkedAccount.findFirst({ where: { id, userId } });
  if (!account) throw notFound(ACCOUNT_NOT_FOUND);
  return account;
}

/** The access token of an account's item, decrypted only here, for one call to Plaid. */
export function accessTokenOf(account: { accessTokenEnc: string | null }): string {
  if (!account.accessTokenEnc) throw notFound(ACCOUNT_NOT_FOUND);
  return openToken(account.accessTokenEnc);
}

export async function listAccounts(userId: string) {
  const rows = await getPrisma().userLinkedAccount.findMany({
    where: { userId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  return { accounts: rows.map(accountView) };
}

/**
 * Unlink: the row goes; when it was the last account of its Plaid item, the item is removed at Plaid
 * too (its access token then stops working). Transfers already made keep their history (the account
 * is copied onto them). A failure at Plaid does not keep the account linked here: the token is gone
 * from our side either way, and the item is logged for the operators.
 */
export async function unlinkAccount(userId: string, id: string) {
  const account = await ownAccount(userId, id);
  const prisma = getPrisma();
  await prisma.userLinkedAccount.delete({ where: { id: account.id } });
  const others = account.plaidItemId
    ? await prisma.userLinkedAccount.count({ where: { plaidItemId: account.plaidItemId } })
    : 1;
  if (others === 0 && account.accessTokenEnc) {
    try {
      await (await plaid()).itemRemove({ access_token: accessTokenOf(account) });
    } catch (err) {
      logger.warn(
        { item: account.plaidItemId, plaid: plaidErrorOf(err)?.error_code ?? String(err) },
        'Plaid item removal failed',
      );
    }
  }
  return { message: 'Account unlinked.' };
}

/** Marks every account of an item (a webhook or a refused call said its login is needed, or Link repaired it). */
export async function setItemStatus(itemId: string, status: 'active' | 'login_required') {
  await getPrisma().userLinkedAccount.updateMany({
    where: { plaidItemId: itemId, NOT: { status } },
    data: { status, updatedAt: new Date() },
  });
}

/** After Link in update mode: the item is asked again; active only if Plaid now answers for it. */
export async function reconnected(userId: string, id: string) {
  const account = await ownAccount(userId, id);
  try {
    await (await plaid()).accountsGet({ access_token: accessTokenOf(account) });
    if (account.plaidItemId) await setItemStatus(account.plaidItemId, 'active');
  } catch (err) {
    const plaidError = plaidErrorOf(err);
    if (plaidError?.error_code !== 'ITEM_LOGIN_REQUIRED') throw err;
  }
  return { account: accountView(await ownAccount(userId, id)) };
}
