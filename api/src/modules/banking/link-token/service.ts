import { CountryCode, Products, type AccountBase } from 'plaid';
import { getPrisma } from '../../../platform/db/prisma.js';
import { validationError } from '../../../platform/errors.js';
import { linkScriptUrl, plaid, plaidErrorOf, sealToken } from '../../../platform/plaid/index.js';
import { accessTokenOf, ownAccount } from '../accounts/service.js';
import type { ExchangeInput } from '../schemas.js';
import { accountView } from '../views.js';

export const WEBHOOK_PATH = '/api/banking/webhooks/plaid';

/**
 * A Link token for the page (docs/product.md "Linked accounts, deposits and withdrawal"), with the script to load: a new
 * link, or Link in update mode for one of the caller's accounts whose bank wants a new sign-in.
 */
export async function createLinkToken(userId: string, origin: string, linkedAccountId?: string | null) {
  const update = linkedAccountId ? await ownAccount(userId, linkedAccountId) : null;
  const { data } = await (
    await plaid()
  ).linkTokenCreate({
    client_name: 'Portal',
    language: 'en',
    country_codes: [CountryCode.Us],
    user: { client_user_id: userId },
    webhook: `${origin}${WEBHOOK_PATH}`,
    ...(update ? { access_token: accessTokenOf(update) } : { products: [Products.Transfer] }),
  });
  return { link_token: data.link_token, expiration: data.expiration, script_url: await linkScriptUrl() };
}

/**
 * Link's public token -> an access token (stored encrypted, never answered) and the accounts the user
 * chose (docs/product.md "Linked accounts, deposits and withdrawal"). Names, types and masks come from Plaid; an item whose
 * login already fails is stored as login_required (it shows Reconnect).
 */
export async function exchangePublicToken(userId: string, input: ExchangeInput) {
  const api = await plaid();
  let exchanged;
  try {
    exchanged = (await api.itemPublicTokenExchange({ public_token: input.public_token })).data;
  } catch (err) {
    if (plaidErrorOf(err)?.error_type === 'INVALID_INPUT')
      throw validationError(
        { public_token: 'This link has expired or was already used. Add the bank again.' },
        'Could not link the bank account.',
      );
    throw err;
  }
  const { access_token: accessToken, item_id: itemId } = exchanged;
  const chosen = new Set(input.accounts.map((a) => a.id));
  const { accounts, loginRequired } = await itemAccounts(accessToken, input.accounts);
  const rows = [];
  for (const a of accounts.filter((x) => chosen.size === 0 || chosen.has(x.account_id))) {
    const fields = {
      institutionName: input.institution_name,
      accountName: a.name,
      accountType: String(a.type),
      accountSubtype: a.subtype ? String(a.subtype) : null,
      accountMask: a.mask ?? null,
      status: loginRequired ? ('login_required' as const) : ('active' as const),
      accessTokenEnc: sealToken(accessToken),
      rtpCredit: loginRequired ? false : await instantCapable(accessToken, a.account_id),
      updatedAt: new Date(),
    };
    rows.push(
      await getPrisma().userLinkedAccount.upsert({
        where: { userId_plaidItemId_plaidAccountId: { userId, plaidItemId: itemId, plaidAccountId: a.account_id } },
        create: { userId, plaidItemId: itemId, plaidAccountId: a.account_id, ...fields },
        update: fields,
      }),
    );
  }
  if (rows.length === 0)
    throw validationError(
      { accounts: 'Choose at least one account of this bank.' },
      'Could not link the bank account.',
    );
  return { message: 'Bank account linked successfully.', accounts: rows.map(accountView) };
}

/** The item's accounts from Plaid; when its login already fails, the ones Link reported. */
async function itemAccounts(
  accessToken: string,
  reported: ExchangeInput['accounts'],
): Promise<{
  accounts: Pick<AccountBase, 'account_id' | 'name' | 'mask' | 'type' | 'subtype'>[];
  loginRequired: boolean;
}> {
  try {
    return {
      accounts: (await (await plaid()).accountsGet({ access_token: accessToken })).data.accounts,
      loginRequired: false,
    };
  } catch (err) {
    if (plaidErrorOf(err)?.error_code !== 'ITEM_LOGIN_REQUIRED') throw err;
    return {
      accounts: reported.map((a) => ({
        account_id: a.id,
        name: a.name,
        mask: a.mask ?? null,
        type: a.type as AccountBase['type'],
        subtype: (a.subtype ?? null) as AccountBase['subtype'],
      })),
      loginRequired: true,
    };
  }
}

/** Whether the account's bank takes RTP credits (instant withdrawal); otherwise same-day ACH. */
export async function instantCapable(accessToken: string, accountId: string): Promise<boolean> {
  const { data } = await (await plaid()).transferCapabilitiesGet({ access_token: accessToken, account_id: accountId });
  return Boolean(data.institution_supported_networks.rtp.credit);
}
