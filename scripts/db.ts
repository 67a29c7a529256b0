import { closeAppDatabase, appDatabase } from '../src/lib/db/app-db';
import { getEnv } from '../src/lib/env';
import { seedDemoData } from '../src/features/demo/server/demo-seed.server';

/** `npm run db:migrate` and `npm run db:seed`: the same steps the server runs at start. */
const command = process.argv[2];
if (command !== 'migrate' && command !== 'seed') {
  console.error('usage: db.ts migrate|seed');
  process.exit(2);
}
const handle = await appDatabase();
console.log(`migrated ${handle.kind} database`);
if (command === 'seed') {
  await seedDemoData(handle.db, { demoStores: getEnv().SEED_DEMO_STORES });
  console.log('seeded');
}
await closeAppDatabase();
