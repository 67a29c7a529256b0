import { afterAll, inject } from 'vitest';

// The configuration every test sees unless it passes its own to parseEnv.
process.env.DATABASE_URL = inject('databaseUrl');
// Test files share the PostgreSQL lane's database; each gets its own job queue, so that one
// file's workers never deliver another file's mail to the wrong SMTP server.
if (process.env.DATABASE_URL.startsWith('postgres')) {
  process.env.JOB_SCHEMA = `jobs_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
}
process.env.LOG_LEVEL = 'silent';
delete process.env.HOST_OVERRIDE_SECRET;

// docs/contract/architecture.md "Habits": console.error during a test fails it.
console.error = (...args: unknown[]) => {
  throw new Error(`console.error during a test: ${args.map(String).join(' ')}`);
};

afterAll(async () => {
  const { closeAppDatabase } = await import('@/lib/db/app-db');
  await closeAppDatabase();
});
