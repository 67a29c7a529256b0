import 'server-only';
import { EnvError, getEnv } from '@/lib/env';
import { appDatabase } from '@/lib/db/app-db';
import { logger } from '@/lib/logger';
import { seedDemoData } from '@/features/demo/server/demo-seed.server';

/** Configuration check, migrations and seed: everything a fresh clone needs to serve. */
export async function boot(): Promise<void> {
  let env;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const started = Date.now();
  try {
    const { db, kind } = await appDatabase();
    await seedDemoData(db, { demoStores: env.SEED_DEMO_STORES });
    logger.info({ database: kind, ms: Date.now() - started }, 'database ready');
  } catch (error) {
    logger.fatal(
      { err: error instanceof Error ? error.message : String(error) },
      'database setup failed',
    );
    process.exit(1);
  }
}
