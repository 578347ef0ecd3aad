// Items: Link tokens, public token exchange, accounts, removal, and the sandbox-only endpoints
// that create an item without Link or break its login.
import { randomUUID } from 'node:crypto';
import type { Hono } from 'hono';
import { plaidEndpoint, type SandboxEnv } from '../endpoint.js';
import { invalidInstitution, invalidPublicToken, itemLoginRequiredError } from '../errors.js';
import { optionalString, optionalStringArray, requiredString, requiredStringArray } from '../fields.js';
import { findInstitution } from '../institutions.js';
import { accountView, createItem, itemByAccessToken, itemView, requireLoginOk } from '../items.js';
import { issuePublicToken } from '../link/session.js';
import type { Sandbox } from '../sandbox.js';
import type { SandboxData } from '../state.js';

const linkTokenLifetimeMs = 4 * 60 * 60 * 1000;

function forgetExpiredTokens(data: SandboxData, now: string): void {
  for (const [token, record] of Object.entries(data.link_tokens))
    if (record.expiration < now) delete data.link_tokens[token];
  for (const [token, record] of Object.entries(data.public_tokens))
    if (record.expiration < now) delete data.public_tokens[token];
}

export function registerItemRoutes(app: Hono<SandboxEnv>, sandbox: Sandbox): void {
  const { data } = sandbox;

  app.post(
    '/link/token/create',
    plaidEndpoint(sandbox, (body) => {
      requiredString(body, 'client_name');
      requiredString(body, 'language');
      requiredStringArray(body, 'country_codes');
      requiredString(body, 'user.client_user_id');
      const accessToken = optionalString(body, 'access_token');
      // With an access_token the token opens Link in update mode for that item.
      const updateItem = accessToken === undefined ? null : itemByAccessToken(data, accessToken);
      const now = new Date();
      forgetExpiredTokens(data, now.toISOString());
      const linkToken = `link-sandbox-${randomUUID()}`;
      const expiration = new Date(now.getTime() + linkTokenLifetimeMs).toISOString();
      data.link_tokens[linkToken] = {
        expiration,
        webhook: optionalString(body, 'webhook') ?? null,
        products: optionalStringArray(body, 'products') ?? [],
        update_item_id: updateItem?.item_id ?? null,
      };
      sandbox.commit();
      return { link_token: linkToken, expiration };
    }),
  );

  app.post(
    '/item/public_token/exchange',
    plaidEndpoint(sandbox, (body) => {
      const publicToken = requiredString(body, 'public_token');
      const record = data.public_tokens[publicToken];
      const item = record && data.items[record.item_id];
      if (!record || !item || item.removed || record.expiration < new Date().toISOString()) throw invalidPublicToken();
      // A public token is good for one exchange.
      delete data.public_tokens[publicToken];
      sandbox.commit();
      return { access_token: item.access_token, item_id: item.item_id };
    }),
  );

  app.post(
    '/accounts/get',
    plaidEndpoint(sandbox, (body) => {
      const item = itemByAccessToken(data, requiredString(body, 'access_token'));
      requireLoginOk(item);
      return { accounts: item.accounts.map(accountView), item: itemView(item) };
    }),
  );

  app.post(
    '/item/remove',
    plaidEndpoint(sandbox, (body) => {
      itemByAccessToken(data, requiredString(body, 'access_token')).removed = true;
      sandbox.commit();
      return {};
    }),
  );

  app.post(
    '/sandbox/public_token/create',
    plaidEndpoint(sandbox, (body) => {
      const institutionId = requiredString(body, 'institution_id');
      const products = requiredStringArray(body, 'initial_products');
      const institution = findInstitution(institutionId);
      if (!institution) throw invalidInstitution(institutionId);
      const item = createItem(data, institution, optionalString(body, 'options.webhook') ?? null, products);
      const publicToken = issuePublicToken(data, item);
      sandbox.commit();
      return { public_token: publicToken };
    }),
  );

  app.post(
    '/sandbox/item/reset_login',
    plaidEndpoint(sandbox, (body) => {
      const item = itemByAccessToken(data, requiredString(body, 'access_token'));
      item.login_required = true;
      sandbox.commit();
      // Webhook errors carry the HTTP status and no request_id, as Plaid's do.
      const error = { ...itemLoginRequiredError, status: 400 };
      sandbox.notifyItem(item, { webhook_type: 'ITEM', webhook_code: 'ERROR', item_id: item.item_id, error });
      return { reset_login: true };
    }),
  );
}
