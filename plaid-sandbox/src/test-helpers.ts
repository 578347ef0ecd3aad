// Shared by the tests: a started sandbox, the official plaid client pointed at it, a linked item,
// a local webhook receiver, and a way to read the Plaid error a failed call answered with.
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ACHClass,
  Configuration,
  CountryCode,
  PlaidApi,
  Products,
  TransferNetwork,
  TransferType,
  type LinkTokenCreateRequest,
  type PlaidError,
  type TransferAuthorizationCreateRequest,
} from 'plaid';
import {
  SANDBOX_CLIENT_ID,
  SANDBOX_SECRET,
  startPlaidSandbox,
  type PlaidSandbox,
  type PlaidSandboxOptions,
} from './index.js';

export interface TestSandbox {
  sandbox: PlaidSandbox;
  plaid: PlaidApi;
  logLines: string[];
}

export function plaidClient(url: string, clientId = SANDBOX_CLIENT_ID, secret = SANDBOX_SECRET): PlaidApi {
  return new PlaidApi(
    new Configuration({
      basePath: url,
      baseOptions: { headers: { 'PLAID-CLIENT-ID': clientId, 'PLAID-SECRET': secret } },
    }),
  );
}

export async function startTestSandbox(options: PlaidSandboxOptions = {}): Promise<TestSandbox> {
  const logLines: string[] = [];
  const sandbox = await startPlaidSandbox({ log: (line) => logLines.push(line), ...options });
  return { sandbox, plaid: plaidClient(sandbox.url), logLines };
}

/** The HTTP status and Plaid error object of a call that must fail. */
export async function plaidErrorOf(call: Promise<unknown>): Promise<{ status: number; error: PlaidError }> {
  try {
    await call;
  } catch (thrown) {
    const response = (thrown as { response?: { status: number; data: PlaidError } }).response;
    if (response) return { status: response.status, error: response.data };
    throw thrown;
  }
  throw new Error('expected the Plaid call to fail');
}

export interface LinkedItem {
  accessToken: string;
  itemId: string;
  accountIds: string[];
}

/** The portal's /link/token/create request (with an access token: update mode; with a webhook: for its item). */
export const linkTokenRequest = (extra: { access_token?: string; webhook?: string } = {}): LinkTokenCreateRequest => ({
  client_name: 'Portal',
  language: 'en',
  country_codes: [CountryCode.Us],
  user: { client_user_id: 'user-1' },
  products: [Products.Transfer],
  ...(extra.access_token && { access_token: extra.access_token }),
  ...(extra.webhook && { webhook: extra.webhook }),
});

/** A link token as the portal gets one. */
export const createLinkToken = async (plaid: PlaidApi, accessToken?: string): Promise<string> =>
  (await plaid.linkTokenCreate(linkTokenRequest({ access_token: accessToken }))).data.link_token;

/** Links an item as the portal does: a link token, Link (its sandbox completion call), then the exchange. */
export async function linkItem(
  plaid: PlaidApi,
  sandboxUrl: string,
  institutionId: string,
  webhook?: string,
): Promise<LinkedItem> {
  const { data: token } = await plaid.linkTokenCreate(linkTokenRequest({ webhook }));
  const completed = await completeLink(sandboxUrl, { link_token: token.link_token, institution_id: institutionId });
  const { data: exchanged } = await plaid.itemPublicTokenExchange({ public_token: completed.public_token });
  return {
    accessToken: exchanged.access_token,
    itemId: exchanged.item_id,
    accountIds: completed.metadata.accounts.map((account) => account.id),
  };
}

export interface LinkCompletion {
  public_token: string;
  metadata: {
    institution: { name: string; institution_id: string };
    accounts: { id: string; name: string; mask: string }[];
    link_session_id: string;
  };
}

/** What the Link stand-in's script posts when the user picks a bank (or continues in update mode). */
export async function completeLink(
  sandboxUrl: string,
  body: { link_token: string; institution_id?: string },
): Promise<LinkCompletion> {
  const response = await fetch(`${sandboxUrl}/link/sandbox/complete`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`/link/sandbox/complete answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as LinkCompletion;
}

export function authorizationRequest(
  item: LinkedItem,
  overrides: Partial<TransferAuthorizationCreateRequest> = {},
): TransferAuthorizationCreateRequest {
  return {
    access_token: item.accessToken,
    account_id: item.accountIds[0] ?? '',
    type: TransferType.Debit,
    network: TransferNetwork.Ach,
    amount: '25.00',
    ach_class: ACHClass.Web,
    user: { legal_name: 'Ada Lovelace' },
    ...overrides,
  };
}

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A local HTTP server standing in for the portal's webhook endpoint. */
export async function startWebhookReceiver(statuses: number[] = []) {
  const received: ReceivedWebhook[] = [];
  const waiters: (() => void)[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      // Answers with the given statuses in turn (to exercise retries), then 200.
      response.writeHead(statuses.shift() ?? 200).end();
      for (const wake of waiters.splice(0)) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/plaid/webhook`;

  async function waitFor(count: number, timeoutMs = 3_000): Promise<ReceivedWebhook[]> {
    const deadline = Date.now() + timeoutMs;
    while (received.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} webhooks, got ${received.length}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
    return received.slice(0, count);
  }

  return { url, received, waitFor, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
