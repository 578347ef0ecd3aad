import fs from 'node:fs';
import { isProduction } from '../config.js';
import { trustedProxies } from '../http/client-ip.js';
import { configuredOrigin } from '../http/origin.js';
import { SANDBOX_CLIENT } from '../plaid/index.js';
import { developmentSecretFile, MIN_SECRET_LENGTH, SERVER_SECRETS, type SecretName } from '../secrets.js';

/**
 * The production profile's start check (docs/deploying.md): `NODE_ENV=production` with a setting that
 * is unsafe for real money refuses to start, naming every problem at once, one line each, so an
 * operator fixes them in one pass instead of one per restart.
 */
export const EXIT_UNSAFE_CONFIG = 78; // sysexits.h EX_CONFIG

export interface ProductionScope {
  /** The banking module is mounted (MODULES), so the process talks to Plaid. */
  banking: boolean;
}

export function productionProblems(scope: ProductionScope, env: NodeJS.ProcessEnv = process.env): string[] {
  return [
    ...originProblems(env),
    ...secretProblems(env),
    ...deliveryProblems(env),
    ...(scope.banking ? plaidProblems(env) : []),
    ...databaseProblems(env),
    ...proxyProblems(env),
  ];
}

/** Exits the process (EXIT_UNSAFE_CONFIG) with the problems on stderr when production is set up unsafely. */
export function refuseUnsafeProduction(scope: ProductionScope): void {
  if (!isProduction()) return;
  const problems = productionProblems(scope);
  if (!problems.length) return;
  process.stderr.write(
    `Refusing to start with NODE_ENV=production: ${problems.length} unsafe setting(s) (docs/deploying.md)\n${problems.map((p) => `  - ${p}\n`).join('')}`,
  );
  process.exit(EXIT_UNSAFE_CONFIG);
}

function originProblems(env: NodeJS.ProcessEnv): string[] {
  const value = env.PUBLIC_ORIGIN;
  if (!value)
    return [
      'PUBLIC_ORIGIN is not set: links in e-mails and SMS and OAuth redirect URIs come only from it (e.g. https://portal.example.com)',
    ];
  const origin = configuredOrigin(env);
  if (!origin?.startsWith('https://'))
    return [`PUBLIC_ORIGIN must be an https:// address (is "${value}"): production is served over TLS only`];
  if (origin !== value.replace(/\/$/, ''))
    return [
      `PUBLIC_ORIGIN must be an origin alone, scheme, host and optional port (is "${value}"; did you mean "${origin}"?)`,
    ];
  return [];
}

function secretProblems(env: NodeJS.ProcessEnv): string[] {
  const names = Object.keys(SERVER_SECRETS) as SecretName[];
  const problems = names.flatMap((name) => oneSecretProblems(name, env));
  const seen = new Map<string, SecretName>();
  for (const name of names) {
    const value = env[name];
    if (!value) continue;
    const first = seen.get(value);
    if (first) problems.push(`${name} is the same value as ${first}: each secret must be its own`);
    else seen.set(value, name);
  }
  return problems;
}

function oneSecretProblems(name: SecretName, env: NodeJS.ProcessEnv): string[] {
  const value = env[name];
  const keys = SERVER_SECRETS[name].keys;
  if (!value) return [`${name} is not set (it keys ${keys}): at least ${MIN_SECRET_LENGTH} random characters`];
  if (value.length < MIN_SECRET_LENGTH)
    return [`${name} is ${value.length} characters: at least ${MIN_SECRET_LENGTH} random characters`];
  const file = developmentSecretFile(name, env);
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8').trim() === value)
    return [`${name} is the development value kept in ${file}: generate a new one for production`];
  return [];
}

/** The outbox provider stores messages for GET /api/auth/dev/outbox and never delivers them. */
function deliveryProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  const mail = env.MAIL_PROVIDER ?? 'outbox';
  if (mail !== 'smtp')
    problems.push(
      `MAIL_PROVIDER is ${mail}: production delivers e-mail (MAIL_PROVIDER=smtp with SMTP_URL); the outbox is for development`,
    );
  else if (!env.SMTP_URL) problems.push('MAIL_PROVIDER=smtp needs SMTP_URL (smtp://user:pass@host:587)');
  const sms = env.SMS_PROVIDER ?? 'outbox';
  const twilio = ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'].filter((k) => !env[k]);
  if (sms !== 'twilio')
    problems.push(
      `SMS_PROVIDER is ${sms}: production delivers SMS (SMS_PROVIDER=twilio with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM); the outbox is for development`,
    );
  else if (twilio.length) problems.push(`SMS_PROVIDER=twilio needs ${twilio.join(', ')}`);
  return problems;
}

/** The local Plaid sandbox (or Plaid's own sandbox) settles deposits from test banks: money from nowhere. */
function plaidProblems(env: NodeJS.ProcessEnv): string[] {
  const problems: string[] = [];
  if (!env.PLAID_CLIENT_ID || !env.PLAID_SECRET)
    problems.push(
      'PLAID_CLIENT_ID and PLAID_SECRET are not both set: banking would run on the local Plaid sandbox, whose test banks deposit money that does not exist',
    );
  else if (env.PLAID_ENV !== 'production')
    problems.push(
      `PLAID_ENV is ${env.PLAID_ENV ?? 'unset (sandbox)'}: production links real banks (PLAID_ENV=production)`,
    );
  if (env.PLAID_SECRET === SANDBOX_CLIENT.secret)
    problems.push("PLAID_SECRET is the local Plaid sandbox's development secret");
  if (env.PLAID_SANDBOX_URL) problems.push('PLAID_SANDBOX_URL is set: the local Plaid sandbox is for development');
  return problems;
}

function databaseProblems(env: NodeJS.ProcessEnv): string[] {
  if (env.DATABASE_URL || env.PORTAL_ALLOW_EMBEDDED_DB === '1') return [];
  return [
    'DATABASE_URL is not set: production would run the embedded PostgreSQL in $PORTAL_HOME/pg (one machine, no standby, no backups); set DATABASE_URL, or PORTAL_ALLOW_EMBEDDED_DB=1 to accept that',
  ];
}

function proxyProblems(env: NodeJS.ProcessEnv): string[] {
  if (!env.TRUST_PROXY) return [];
  const { any, invalid } = trustedProxies(env.TRUST_PROXY);
  if (any)
    return [
      'TRUST_PROXY=1 believes X-Forwarded-For from any peer, so a client that reaches the API directly picks its own address: list the proxies (TRUST_PROXY=10.0.0.5,10.0.1.0/24)',
    ];
  if (invalid.length)
    return [`TRUST_PROXY has entries that are neither an IP address nor a CIDR range: ${invalid.join(', ')}`];
  return [];
}
