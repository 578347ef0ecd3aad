import { chmodSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS } from '../scripts/lib/chromium-flags.mjs';

/**
 * End-to-end tests of the portal in Debian's Chromium (/usr/bin/chromium; test tools never download browsers here).
 * webServer: production build + publish of every remote into a fresh temp PORTAL_HOME, then the
 * API server (serving shell, remotes and /api) with its own embedded PostgreSQL; DATABASE_URL unset.
 * The temp folder is created once here; workers inherit it through the environment.
 */
const port = Number(process.env.E2E_PORT ?? 3210);
if (!process.env.PORTAL_E2E_HOME) {
  process.env.PORTAL_E2E_HOME = mkdtempSync(path.join(os.tmpdir(), 'portal-e2e-'));
  // mkdtemp makes it 0700; the embedded PostgreSQL runs as the `postgres` user when we are root
  chmodSync(process.env.PORTAL_E2E_HOME, 0o755);
}
// E2E_BASE_URL runs against an already running portal instead (PORTAL_E2E_HOME must then be that
// portal's PORTAL_HOME, for the publish test).
const external = process.env.E2E_BASE_URL;
export const baseURL = external ?? `http://localhost:${port}`;
// Sign-in e2e (e2e/auth.spec.ts) starts a real OpenID Connect provider on this port; the portal
// is configured with it as "Google" (OAuth redirect flow and One Tap id tokens).
process.env.E2E_OIDC_PORT ??= String(port + 7);
export const E2E_GOOGLE = {
  clientId: 'e2e-google-client',
  clientSecret: 'e2e-google-secret',
  issuer: `http://localhost:${process.env.E2E_OIDC_PORT}`,
};

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      // Tests never reach the internet: Google's One Tap script fails to load at once in every test (as on a
      // network that blocks it), and the tests that need it serve their own with page.route.
      args: [...CHROMIUM_ARGS, '--host-resolver-rules=MAP accounts.google.com ~NOTFOUND'],
    },
  },
  webServer: external
    ? undefined
    : {
        command: 'node e2e/start-portal.mjs',
        url: `${baseURL}/api/health`,
        timeout: 180_000,
        reuseExistingServer: false,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORTAL_HOME: process.env.PORTAL_E2E_HOME,
          PORT: String(port),
          PORTAL_PG_PORT: String(port + 51_200),
          LOG_LEVEL: 'warn',
          GOOGLE_CLIENT_ID: E2E_GOOGLE.clientId,
          GOOGLE_CLIENT_SECRET: E2E_GOOGLE.clientSecret,
          GOOGLE_ISSUER: E2E_GOOGLE.issuer,
          // every test signs up and in from the same address; the per-address limits are tested by the API tests
          AUTH_SIGN_UP_LIMIT_PER_IP: '1000',
          AUTH_SIGN_IN_LIMIT_PER_IP: '1000',
        },
      },
});
