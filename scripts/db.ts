import { closeAppDatabase, appDatabase } from '../src/lib/db/app-db';
import { DataDirLockedError } from '../src/lib/db/data-dir-lock';
import { getEnv } from '../src/lib/env';
import { seedDemoData } from '../src/features/demo/server/demo-seed.server';

/** `npm run db:migrate` and `npm run db:seed`: the same steps the server runs at start. */
const command = process.argv[2];
if (command !== 'migrate' && command !== 'seed') {
  console.error('usage: db.ts migrate|seed');
  process.exit(2);
}
let handle;
try {
  handle = await appDatabase();
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  // Another process has the embedded database open: say who, and stop before touching it.
  console.error(error.message);
  if (error.holder.server) {
    console.error(
      'That is the server: it migrates and seeds the database itself when it starts, so this is not needed while it runs.',
    );
  }
  process.exit(1);
}
console.log(`migrated ${handle.kind} database`);
if (command === 'seed') {
  await seedDemoData(handle.db, { demoStores: getEnv().SEED_DEMO_STORES });
  console.log('seeded');
}
await closeAppDatabase();
