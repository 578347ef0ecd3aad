// plaid-sandbox: a Plaid-compatible server for when no real Plaid keys exist. The portal's API
// talks to it through the official plaid client (basePath = url); pages load linkScriptUrl in
// place of Plaid's link-initialize.js.
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { parseAmount } from './money.js';
import { linkScriptPath } from './routes/link.js';
import { Sandbox } from './sandbox.js';
import { createSandboxApp } from './server.js';
import { SandboxStore } from './state.js';
import { WebhookSender } from './webhooks.js';

export { SANDBOX_INSTITUTIONS, type SandboxAccountTemplate, type SandboxInstitution } from './institutions.js';

export const SANDBOX_CLIENT_ID = 'portal-sandbox-client';
export const SANDBOX_SECRET = 'portal-sandbox-secret';

export interface PlaidSandboxOptions {
  /** 0 (the default) picks any free port. */
  port?: number;
  host?: string;
  clientId?: string;
  secret?: string;
  /** Where state (items, transfers, the webhook signing key) is kept across restarts; in memory without it. */
  dataFile?: string;
  /** The largest credit (payout) the sandbox approves, as a decimal string; default '10000.00'. */
  creditLimit?: string;
  /** When set, each new transfer moves by itself: posted after this many ms, settled after 2x, funds_available (debits) after 3x. */
  autoSettleMs?: number;
  log?: (line: string) => void;
}

export interface PlaidSandbox {
  /** The base URL for the plaid client's Configuration.basePath, e.g. http://127.0.0.1:43121. */
  url: string;
  /** The Link stand-in script for pages to load instead of Plaid's. */
  linkScriptUrl: string;
  close(): Promise<void>;
}

export async function startPlaidSandbox(options: PlaidSandboxOptions = {}): Promise<PlaidSandbox> {
  const log = options.log ?? (() => undefined);
  const creditLimit = options.creditLimit ?? '10000.00';
  const creditLimitCents = parseAmount(creditLimit, 'creditLimit');
  const store = await SandboxStore.open(options.dataFile);
  const webhooks = await WebhookSender.create(store.data.signing_key, log);
  const sandbox = new Sandbox(
    store,
    {
      clientId: options.clientId ?? SANDBOX_CLIENT_ID,
      secret: options.secret ?? SANDBOX_SECRET,
      creditLimitCents,
      autoSettleMs: options.autoSettleMs,
    },
    webhooks,
    log,
  );
  const app = createSandboxApp(sandbox);
  const host = options.host ?? '127.0.0.1';

  const server = await new Promise<ReturnType<typeof serve>>((resolve, reject) => {
    const listening = serve(
      { fetch: app.fetch, port: options.port ?? 0, hostname: host, overrideGlobalObjects: false },
      () => resolve(listening),
    );
    listening.once('error', reject);
  });
  sandbox.resumeAutoSettle();

  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  log(`listening on ${url}`);
  return {
    url,
    linkScriptUrl: `${url}${linkScriptPath}`,
    async close() {
      await sandbox.close();
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Idle keep-alive connections would otherwise hold close() open.
        if ('closeAllConnections' in server) server.closeAllConnections();
      });
    },
  };
}
