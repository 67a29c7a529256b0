import 'server-only';
import { and, desc, eq, lt, or } from 'drizzle-orm';
import { now } from '@/lib/clock';
import type { AppDb } from '@/lib/db/client';
import { storeAdminAudit } from '@/lib/db/schema';

/** The only code that knows how the admin's audit is stored. */

/** Who changed something: a staff member (their user id and address as shown) or the operator. */
export type AdminActor = { userId: string | null; label: string };

/** Where a change was made: the store, who made it, from which address. */
export type AdminAuditScope = { storeId: string; actor: AdminActor; ip: string | null };

/** What was changed: the action, its target, and the value before and after. */
export type AdminChange = {
  /** A dotted name, e.g. `staff.invited`, `theme.published`, `prices.changed`. */
  action: string;
  /** What it was done to, as shown: an address, a host, an order number. */
  target?: string;
  before?: unknown;
  after?: unknown;
};

/**
 * Keeps one admin change in the audit. Call it with the transaction that makes the change, so
 * the change and its record land together or not at all (issue 26, point 9). The time is the
 * product's clock.
 */
export async function insertAdminAudit(
  tx: AppDb,
  scope: AdminAuditScope,
  change: AdminChange,
): Promise<void> {
  await tx.insert(storeAdminAudit).values({
    storeId: scope.storeId,
    actorUserId: scope.actor.userId,
    actor: scope.actor.label,
    actorIp: scope.ip,
    action: change.action,
    target: change.target ?? '',
    before: change.before ?? null,
    after: change.after ?? null,
    at: now(),
  });
}

export type AdminAuditRow = {
  id: string;
  actor: string;
  actorIp: string | null;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
  at: Date;
};

/**
 * A page of a store's audit, newest first: `limit` rows after the cursor (the last row of the
 * previous page, by time and id), so a page never repeats or skips a row that arrives meanwhile.
 */
export async function listAdminAudit(
  db: AppDb,
  storeId: string,
  page: { limit: number; after?: { at: Date; id: string } },
): Promise<AdminAuditRow[]> {
  const where = [eq(storeAdminAudit.storeId, storeId)];
  if (page.after) {
    where.push(
      or(
        lt(storeAdminAudit.at, page.after.at),
        and(eq(storeAdminAudit.at, page.after.at), lt(storeAdminAudit.id, page.after.id)),
      )!,
    );
  }
  return db
    .select({
      id: storeAdminAudit.id,
      actor: storeAdminAudit.actor,
      actorIp: storeAdminAudit.actorIp,
      action: storeAdminAudit.action,
      target: storeAdminAudit.target,
      before: storeAdminAudit.before,
      after: storeAdminAudit.after,
      at: storeAdminAudit.at,
    })
    .from(storeAdminAudit)
    .where(and(...where))
    .orderBy(desc(storeAdminAudit.at), desc(storeAdminAudit.id))
    .limit(page.limit);
}
