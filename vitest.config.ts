import { availableParallelism } from 'node:os';
import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The Redis lane's file runs only where Redis is: with TEST_REDIS_URL (`npm run test:pg` sets it).
 * Elsewhere it is left out rather than shown skipped; its checks on the database store are
 * tests/api/auth-rate-limit.test.ts's.
 */
const REDIS_ONLY = ['tests/api/auth-rate-limit-redis.test.ts'];

export default defineConfig({
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      // `server-only` throws outside React's server build; tests run server code directly.
      'server-only': path.resolve(import.meta.dirname, 'tests/support/empty.ts'),
    },
  },
  test: {
    environment: 'node',
    include: ['src/**/*.test.ts', 'tests/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...(process.env.TEST_REDIS_URL ? [] : REDIS_ONLY)],
    globalSetup: ['tests/support/global-setup.ts'],
    setupFiles: ['tests/support/setup.ts'],
    // Vitest keeps a core for itself by default (one worker on CI's two cores); the files wait on
    // their databases as much as on the processor, so every core runs a file.
    maxWorkers: Number(process.env.TEST_WORKERS) || availableParallelism(),
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
