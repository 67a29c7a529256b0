// `npm run outbox [-- --all] [-- --limit N]`: the mails and SMS the product kept, newest first.
// Without SMTP_URL / SMS_URL every message stays here; with them, undelivered ones (and their
// errors) do. Reads the configured database (DATABASE_URL). An embedded database that the
// running server holds cannot be opened a second time: then the server is asked instead
// (GET /api/dev/outbox, with the token it left in the lock file; decision 0041).
import { appDatabase, closeAppDatabase } from '../src/lib/db/app-db';
import { DataDirLockedError, type LockHolder } from '../src/lib/db/data-dir-lock';
import { outboxEntries, type OutboxEntry } from '../src/lib/mail/outbox-list.server';

const args = process.argv.slice(2);
const all = args.includes('--all');
const limitAt = args.indexOf('--limit');
const limit = limitAt >= 0 ? Math.max(1, Math.min(500, Number(args[limitAt + 1]) || 20)) : 20;

async function askServer(holder: LockHolder): Promise<OutboxEntry[]> {
  const server = holder.server!;
  const url = new URL('/api/dev/outbox', server.url);
  url.searchParams.set('all', all ? '1' : '0');
  url.searchParams.set('limit', String(limit));
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${server.token}` },
    signal: AbortSignal.timeout(10_000),
  });
  if (!response.ok) throw new Error(`it answered ${response.status}`);
  const body = (await response.json()) as { data: { messages: OutboxEntry[] } };
  return body.data.messages;
}

let entries: OutboxEntry[];
try {
  const { db } = await appDatabase();
  entries = await outboxEntries(db, { all, limit });
  await closeAppDatabase();
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  const { holder } = error;
  if (!holder.server) {
    console.error(error.message);
    process.exit(1);
  }
  try {
    entries = await askServer(holder);
  } catch (failure) {
    console.error(
      `The running server (process ${holder.pid}) holds the database, but could not be asked at ${holder.server.url}: ${failure instanceof Error ? failure.message : String(failure)}.`,
    );
    console.error('Try again once it answers, or stop it and run this again.');
    process.exit(1);
  }
  console.log(`(read through the running server, process ${holder.pid})\n`);
}

if (entries.length === 0)
  console.log(
    all ? 'The outbox is empty.' : 'No undelivered messages (use --all to see delivered ones).',
  );

function stateOf(entry: OutboxEntry): string {
  const tries = `${entry.attempts} ${entry.attempts === 1 ? 'try' : 'tries'}`;
  switch (entry.state) {
    case 'sent':
      return `delivered ${entry.sent_at}`;
    case 'failed':
      return `failed after ${tries}: ${entry.error}`;
    case 'queued':
      return entry.error ? `retrying after ${tries}: ${entry.error}` : 'queued for delivery';
    default:
      return entry.error ? `kept (${entry.error})` : 'kept (no transport)';
  }
}

for (const entry of entries) {
  console.log(
    `=== ${entry.channel} to ${entry.recipient} | store ${entry.store_key} | ${entry.created_at} | ${stateOf(entry)}`,
  );
  if (entry.subject) console.log(`Subject: ${entry.subject}`);
  console.log(entry.text || '(text removed after delivery)');
  console.log('');
}
