import 'server-only';
import type { AppDb } from '@/lib/db/client';
import { listMessages, type OutboxRow } from './outbox-repository.server';

/** One outbox message as `npm run outbox` shows it, read directly or from the running server. */
export type OutboxEntry = {
  id: string;
  channel: string;
  store_key: string;
  recipient: string;
  subject: string;
  /** Empty once delivered: the copy is not kept at rest. */
  text: string;
  state: string;
  attempts: number;
  error: string | null;
  created_at: string;
  sent_at: string | null;
};

function entryOf(row: OutboxRow): OutboxEntry {
  return {
    id: row.id,
    channel: row.channel,
    store_key: row.storeKey,
    recipient: row.recipient,
    subject: row.subject,
    text: row.text,
    state: row.state,
    attempts: row.attempts,
    error: row.error,
    created_at: row.createdAt.toISOString(),
    sent_at: row.sentAt?.toISOString() ?? null,
  };
}

/** Messages newest first; without `all`, only those not delivered. */
export async function outboxEntries(
  db: Pick<AppDb, 'select' | 'update'>,
  options: { all: boolean; limit: number },
): Promise<OutboxEntry[]> {
  return (await listMessages(db, options)).map(entryOf);
}
