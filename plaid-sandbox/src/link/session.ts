// The server side of the Link stand-in: what a Link session shows (the institution picker, or the
// item to sign in to again in update mode) and what completing it does (a new item, or a
// repaired one) — ending, as in Plaid, with a public token and Link's onSuccess metadata.
import { randomUUID } from 'node:crypto';
import { invalidInstitution, invalidLinkToken, missingFields } from '../errors.js';
import { SANDBOX_INSTITUTIONS, findInstitution } from '../institutions.js';
import { createItem, institutionName } from '../items.js';
import type { Sandbox } from '../sandbox.js';
import type { ItemRecord, LinkTokenRecord, SandboxData } from '../state.js';

const publicTokenLifetimeMs = 30 * 60 * 1000;

export function issuePublicToken(data: SandboxData, item: ItemRecord): string {
  const publicToken = `public-sandbox-${randomUUID()}`;
  data.public_tokens[publicToken] = {
    item_id: item.item_id,
    expiration: new Date(Date.now() + publicTokenLifetimeMs).toISOString(),
  };
  return publicToken;
}

function liveLinkToken(data: SandboxData, linkToken: string): LinkTokenRecord {
  const record = data.link_tokens[linkToken];
  if (!record || record.expiration < new Date().toISOString()) throw invalidLinkToken();
  return record;
}

/** The item an update-mode token repairs; a removed item cannot be repaired. */
function itemToUpdate(data: SandboxData, record: LinkTokenRecord): ItemRecord | null {
  if (record.update_item_id === null) return null;
  const item = data.items[record.update_item_id];
  if (!item || item.removed) throw invalidLinkToken();
  return item;
}

export function describeLinkSession(data: SandboxData, linkToken: string) {
  const item = itemToUpdate(data, liveLinkToken(data, linkToken));
  return {
    link_session_id: randomUUID(),
    mode: item ? 'update' : 'create',
    institutions: SANDBOX_INSTITUTIONS.map(({ institution_id, name, hint }) => ({ institution_id, name, hint })),
    update_institution: item && { institution_id: item.institution_id, name: institutionName(item) },
  };
}

function onSuccessMetadata(item: ItemRecord, linkSessionId: string, publicToken: string) {
  const accounts = item.accounts.map((account) => ({
    id: account.account_id,
    name: account.name,
    mask: account.mask,
    type: account.type,
    subtype: account.subtype,
    verification_status: null,
    class_type: null,
  }));
  return {
    institution: { name: institutionName(item), institution_id: item.institution_id },
    accounts,
    account: accounts[0] ?? null,
    account_id: accounts[0]?.id ?? null,
    link_session_id: linkSessionId,
    transfer_status: null,
    public_token: publicToken,
  };
}

export function completeLinkSession(
  sandbox: Sandbox,
  linkToken: string,
  institutionId: string | undefined,
  linkSessionId: string,
) {
  const { data } = sandbox;
  const record = liveLinkToken(data, linkToken);
  const repaired = itemToUpdate(data, record);
  const wasBroken = repaired?.login_required ?? false;
  let item: ItemRecord;
  if (repaired) {
    item = repaired;
    item.login_required = false;
  } else {
    if (institutionId === undefined) throw missingFields(['institution_id']);
    const institution = findInstitution(institutionId);
    if (!institution) throw invalidInstitution(institutionId);
    item = createItem(data, institution, record.webhook, record.products);
  }
  const publicToken = issuePublicToken(data, item);
  sandbox.commit();
  if (wasBroken)
    sandbox.notifyItem(item, { webhook_type: 'ITEM', webhook_code: 'LOGIN_REPAIRED', item_id: item.item_id });
  return { public_token: publicToken, metadata: onSuccessMetadata(item, linkSessionId, publicToken) };
}
