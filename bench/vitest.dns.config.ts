import path from 'node:path';
import { defineConfig } from 'vitest/config';

/**
 * `npx vitest run --config bench/vitest.dns.config.ts`: the DNS benchmark (bench/dns.bench.ts)
 * alone, with the test suite's aliases and setup.
 */
const root = path.resolve(import.meta.dirname, '..');
export default defineConfig({
  root,
  resolve: {
    alias: {
      '@': path.resolve(root, 'src'),
      'server-only': path.resolve(root, 'tests/support/empty.ts'),
    },
  },
  test: {
    environment: 'node',
    include: ['bench/dns.bench.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/setup.ts'],
    testTimeout: 1_800_000,
    hookTimeout: 600_000,
  },
});
