// CLI: starts the sandbox from the environment and prints its URL.
//   PLAID_SANDBOX_PORT (default 0 = any free port), PLAID_SANDBOX_HOST (default 127.0.0.1),
//   PLAID_SANDBOX_DATA (a data file to keep state across restarts),
//   PLAID_SANDBOX_AUTO_SETTLE_MS (move new transfers along by themselves).
import { SANDBOX_CLIENT_ID, startPlaidSandbox } from './index.js';

function numberFromEnv(name: string): number | undefined {
  const value = process.env[name];
  if (value === undefined || value === '') return undefined;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new Error(`${name} must be a whole number, got ${value}`);
  return number;
}

const sandbox = await startPlaidSandbox({
  port: numberFromEnv('PLAID_SANDBOX_PORT') ?? 0,
  host: process.env.PLAID_SANDBOX_HOST || undefined,
  dataFile: process.env.PLAID_SANDBOX_DATA || undefined,
  autoSettleMs: numberFromEnv('PLAID_SANDBOX_AUTO_SETTLE_MS'),
  log: (line) => console.log(`[plaid-sandbox] ${line}`),
});
console.log(`Plaid sandbox: ${sandbox.url} (client id ${SANDBOX_CLIENT_ID}; secret: the package's SANDBOX_SECRET)`);
console.log(`Link script: ${sandbox.linkScriptUrl}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void sandbox.close().then(() => process.exit(0));
  });
}
