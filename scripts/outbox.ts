// `npm run outbox [-- --all] [-- --limit N]`: the mails and SMS the product kept, newest first.
// Without SMTP_URL / SMS_URL every message stays here; with them, undelivered ones (and their
// errors) do. Reads the configured database (DATABASE_URL).
import { desc, isNull } from 'drizzle-orm';
import { appDatabase, closeAppDatabase } from '../src/lib/db/app-db';
import { outbox } from '../src/lib/db/schema';

const args = process.argv.slice(2);
const all = args.includes('--all');
const limitAt = args.indexOf('--limit');
const limit = limitAt >= 0 ? Math.max(1, Math.min(500, Number(args[limitAt + 1]) || 20)) : 20;

const { db } = await appDatabase();
const rows = await db
  .select()
  .from(outbox)
  .where(all ? undefined : isNull(outbox.sentAt))
  .orderBy(desc(outbox.createdAt))
  .limit(limit);

if (rows.length === 0)
  console.log(
    all ? 'The outbox is empty.' : 'No undelivered messages (use --all to see delivered ones).',
  );
for (const row of rows) {
  const state = row.sentAt
    ? `delivered ${row.sentAt.toISOString()}`
    : row.error
      ? `failed: ${row.error}`
      : 'kept (no transport)';
  console.log(
    `=== ${row.channel} to ${row.recipient} | store ${row.storeKey} | ${row.createdAt.toISOString()} | ${state}`,
  );
  if (row.subject) console.log(`Subject: ${row.subject}`);
  console.log(row.text || '(text removed after delivery)');
  console.log('');
}
await closeAppDatabase();
