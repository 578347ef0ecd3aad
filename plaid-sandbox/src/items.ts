// Items (one bank login each) and their accounts: creation from a test institution, lookup by
// access token, and the Plaid views the endpoints answer with.
import { randomUUID } from 'node:crypto';
import { invalidAccessToken, invalidAccountId, itemLoginRequired } from './errors.js';
import { newAccountId, newItemId } from './ids.js';
import type { SandboxInstitution } from './institutions.js';
import { findInstitution } from './institutions.js';
import { dollars, toCents } from './money.js';
import type { Account } from './plaid-shapes.js';
import type { AccountRecord, ItemRecord, SandboxData } from './state.js';

export function createItem(
  data: SandboxData,
  institution: SandboxInstitution,
  webhook: string | null,
  products: string[],
): ItemRecord {
  const item: ItemRecord = {
    item_id: newItemId(),
    institution_id: institution.institution_id,
    access_token: `access-sandbox-${randomUUID()}`,
    webhook,
    products,
    login_required: institution.loginFailsAfterLink,
    removed: false,
    accounts: institution.accounts.map((template) => ({
      account_id: newAccountId(),
      name: template.name,
      official_name: template.official_name,
      mask: template.mask,
      type: template.type,
      subtype: template.subtype,
      available_cents: toCents(template.available),
      current_cents: toCents(template.current),
      rtp_credit: template.rtpCredit,
    })),
  };
  data.items[item.item_id] = item;
  return item;
}

/** The live item an access token opens, or INVALID_ACCESS_TOKEN (unknown or removed). */
export function itemByAccessToken(data: SandboxData, accessToken: string): ItemRecord {
  const item = Object.values(data.items).find(
    (candidate) => candidate.access_token === accessToken && !candidate.removed,
  );
  if (!item) throw invalidAccessToken();
  return item;
}

export function requireLoginOk(item: ItemRecord): void {
  if (item.login_required) throw itemLoginRequired();
}

export function accountOf(item: ItemRecord, accountId: string): AccountRecord {
  const account = item.accounts.find((candidate) => candidate.account_id === accountId);
  if (!account) throw invalidAccountId(accountId);
  return account;
}

export function institutionName(item: ItemRecord): string {
  return findInstitution(item.institution_id)?.name ?? item.institution_id;
}

export function accountView(account: AccountRecord): Account {
  return {
    account_id: account.account_id,
    balances: {
      available: dollars(account.available_cents),
      current: dollars(account.current_cents),
      iso_currency_code: 'USD',
      limit: null,
      unofficial_currency_code: null,
    },
    mask: account.mask,
    name: account.name,
    official_name: account.official_name,
    type: account.type,
    subtype: account.subtype,
  };
}

export function itemView(item: ItemRecord) {
  return {
    item_id: item.item_id,
    institution_id: item.institution_id,
    institution_name: institutionName(item),
    webhook: item.webhook,
    // A login-required item never gets this far: its endpoints answer with the error itself.
    error: null,
    available_products: ['balance'],
    billed_products: item.products,
    products: item.products,
    consent_expiration_time: null,
    update_type: 'background' as const,
  };
}
