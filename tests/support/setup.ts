import { afterAll, inject } from 'vitest';

// The configuration every test sees unless it passes its own to parseEnv.
process.env.DATABASE_URL = inject('databaseUrl');
process.env.LOG_LEVEL = 'silent';
delete process.env.HOST_OVERRIDE_SECRET;

// ARCHITECTURE.md: console.error during a test fails it.
console.error = (...args: unknown[]) => {
  throw new Error(`console.error during a test: ${args.map(String).join(' ')}`);
};

afterAll(async () => {
  const { closeAppDatabase } = await import('@/lib/db/app-db');
  await closeAppDatabase();
});
