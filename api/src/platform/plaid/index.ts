import path from 'node:path';
import { Configuration, PlaidApi, PlaidEnvironments } from 'plaid';
import { isTest, portalHome } from '../config.js';
import { webOrigin } from '../http/origin.js';
import { logger } from '../logger.js';

/**
 * The one way the API talks to Plaid: the official `plaid` client. With PLAID_CLIENT_ID,
 * PLAID_SECRET and PLAID_ENV it talks to Plaid itself; otherwise to the project's Plaid-compatible
 * sandbox (package @portal/plaid-sandbox): the one at PLAID_SANDBOX_URL, or one this process starts
 * (like the embedded PostgreSQL), so linking, deposits and withdrawals work offline end to end.
 */
interface Connection {
  api: PlaidApi;
  linkScriptUrl: string;
  close?: () => Promise<void>;
}
let connection: Promise<Connection> | undefined;
let linkOrigin: string | null = null;

const PLAID_LINK_SCRIPT = 'https://cdn.plaid.com/link/v2/stable/link-initialize.js';
/** The local sandbox's API keys: development values, refused in production (platform/config/production.ts). */
export const SANDBOX_CLIENT = { id: 'portal-sandbox-client', secret: 'portal-sandbox-secret' };

function client(basePath: string, id: string, secret: string) {
  return new PlaidApi(
    new Configuration({
      basePath,
      baseOptions: {
        timeout: 15_000,
        headers: { 'PLAID-CLIENT-ID': id, 'PLAID-SECRET': secret, 'Plaid-Version': '2020-09-14' },
      },
    }),
  );
}

async function connect(): Promise<Connection> {
  const { PLAID_CLIENT_ID: id, PLAID_SECRET: secret, PLAID_ENV: env } = process.env;
  if (id && secret) {
    const basePath = PlaidEnvironments[env ?? 'sandbox'];
    if (!basePath) throw new Error(`PLAID_ENV must be one of ${Object.keys(PlaidEnvironments).join(', ')}`);
    return { api: client(basePath, id, secret), linkScriptUrl: PLAID_LINK_SCRIPT };
  }
  const given = process.env.PLAID_SANDBOX_URL?.replace(/\/$/, '');
  if (given)
    return {
      api: client(given, SANDBOX_CLIENT.id, SANDBOX_CLIENT.secret),
      linkScriptUrl: `${given}/link/v2/stable/link-initialize.js`,
    };
  const { startPlaidSandbox } = await import('@portal/plaid-sandbox');
  const sandbox = await startPlaidSandbox({
    port: Number(process.env.PLAID_SANDBOX_PORT ?? 0),
    clientId: SANDBOX_CLIENT.id,
    secret: SANDBOX_CLIENT.secret,
    dataFile: isTest ? undefined : path.join(portalHome(), 'plaid-sandbox.json'),
    autoSettleMs: process.env.PLAID_SANDBOX_AUTO_SETTLE_MS
      ? Number(process.env.PLAID_SANDBOX_AUTO_SETTLE_MS)
      : undefined,
    log: (line) => logger.info({ plaidSandbox: line }),
  });
  if (!isTest) logger.info({ url: sandbox.url }, 'Plaid sandbox started (no PLAID_CLIENT_ID)');
  return {
    api: client(sandbox.url, SANDBOX_CLIENT.id, SANDBOX_CLIENT.secret),
    linkScriptUrl: sandbox.linkScriptUrl,
    close: sandbox.close,
  };
}

/** Connects once (starting the local sandbox if that is what is configured). The server calls it at start. */
export async function startPlaid(): Promise<Connection> {
  connection ??= connect().then((c) => {
    linkOrigin = new URL(c.linkScriptUrl).origin;
    return c;
  });
  return connection;
}

export const plaid = async (): Promise<PlaidApi> => (await startPlaid()).api;
/** Plaid Link's browser script for the page (Plaid's CDN, or the sandbox's stand-in). */
export const linkScriptUrl = async (): Promise<string> => (await startPlaid()).linkScriptUrl;
/**
 * The origin the pages load Link from, for the Content-Security-Policy. Known from the configuration
 * (Plaid's CDN with keys, PLAID_SANDBOX_URL's origin) even in a process that serves the page but not
 * banking (MODULES) and so never connects; a sandbox this process starts is known once it has started.
 */
export const plaidLinkOrigin = (): string | null => linkOrigin ?? configuredLinkOrigin();

function configuredLinkOrigin(): string | null {
  const { PLAID_CLIENT_ID: id, PLAID_SECRET: secret, PLAID_SANDBOX_URL: sandbox } = process.env;
  return webOrigin(id && secret ? PLAID_LINK_SCRIPT : sandbox);
}

export async function stopPlaid(): Promise<void> {
  const c = await connection?.catch(() => undefined);
  connection = undefined;
  linkOrigin = null;
  await c?.close?.();
}

export { plaidErrorOf, type PlaidError } from './errors.js';
export { openToken, sealToken } from './sealed-token.js';
