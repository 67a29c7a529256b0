import { defineConfig } from '@playwright/test';
import { E2E_PDNS_API_KEY, E2E_RATE_LIMIT_SCALE } from './tests/e2e/server-settings';

const PORT = Number(process.env.E2E_PORT ?? 3200);

/**
 * End-to-end tests on a production build (scripts/start.mjs builds when needed), in Debian's
 * Chromium: test tools cannot download browsers here. The server runs on an in-memory PGlite.
 */
export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: `test-results/${process.env.NEXT_DIST_DIR ?? '.next'}-${PORT}`,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [['list']],
  use: {
    baseURL: `http://nameport.localhost:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: 'node scripts/start.mjs',
    url: `http://127.0.0.1:${PORT}/check-health`,
    timeout: 240_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    env: {
      PORT: String(PORT),
      DATABASE_URL: 'pglite:memory',
      NEXT_TELEMETRY_DISABLED: '1',
      LOG_LEVEL: 'warn',
      HOST_OVERRIDE_SECRET: 'e2e-override-secret-0123456789',
      ADMIN_API_TOKEN: 'e2e-admin-token-0123456789-0123456789',
      // Tests move the product's time instead of waiting for it (tests/e2e/support.ts serverClock).
      TEST_CLOCK: 'true',
      RATE_LIMIT_SCALE: String(E2E_RATE_LIMIT_SCALE),
      // The account specs run an SMTP server on the next port and read the mails it receives.
      SMTP_URL: process.env.SMTP_URL ?? `smtp://127.0.0.1:${PORT + 1}`,
      // Google sign-in against the keys of a JWKS server the sign-in spec runs on the port after.
      GOOGLE_CLIENT_ID: 'storefront-e2e.apps.googleusercontent.com',
      GOOGLE_JWKS_URL: `http://127.0.0.1:${PORT + 2}/oauth2/v3/certs`,
      // DNS hosting against the PowerDNS the DNS spec runs with its API on the port after
      // (tests/e2e/dns.spec.ts); away for the other specs, whose zones wait to sync.
      PDNS_API_URL: `http://127.0.0.1:${PORT + 3}`,
      PDNS_API_KEY: E2E_PDNS_API_KEY,
      // Store hosts are verified against the authoritative DNS server the store admin's orders
      // spec runs on this port (tests/support/dns-server.ts, tests/e2e/store-admin-orders.spec.ts).
      DNS_RESOLVERS: `127.0.0.1:${PORT + 4}`,
      // What the hosts page tells an owner to point a host to (docs/decisions/0270).
      STORE_HOST_TARGET: 'shops.nameport.localhost',
    },
  },
});
