import 'server-only';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { auditEvents } from '@/lib/db/schema';

/** The only code that knows how the activity log is stored. */

export type ActivityRow = typeof auditEvents.$inferSelect;
export type NewActivity = Omit<typeof auditEvents.$inferInsert, 'id'>;

export async function insertActivity(db: AppDb, event: NewActivity): Promise<void> {
  await db.insert(auditEvents).values(event);
}

/** The account's events in this store, newest first, `limit` at most, before `before` if given. */
export async function listActivity(
  db: AppDb,
  scope: { accountId: string; storeKey: string; limit: number; before?: Date },
): Promise<ActivityRow[]> {
  const where = [
    eq(auditEvents.accountId, scope.accountId),
    eq(auditEvents.storeKey, scope.storeKey),
  ];
  if (scope.before) where.push(lt(auditEvents.at, scope.before));
  return db
    .select()
    .from(auditEvents)
    .where(and(...where))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(scope.limit);
}
