import 'server-only';
import { and, asc, eq, gt, inArray, lte, or, sql } from 'drizzle-orm';
import { daysAfter } from '@/lib/clock';
import type { AppDb } from '@/lib/db/client';
import { orderLines, orders, serviceSteps, services } from '@/lib/db/schema';
import { RENEWAL_WINDOW_DAYS } from '@/features/services/renewal-window';

/** The only code that knows how the steps of a service's life and its bills are found. */

/**
 * Records that a step of a service's life happened; false when it had happened already (a retry,
 * a second worker). Called in the transaction of the step's effect, so both land or neither.
 */
export async function claimStep(
  tx: AppDb,
  input: { serviceId: string; step: string; at: Date; detail?: Record<string, unknown> },
): Promise<boolean> {
  const rows = await tx
    .insert(serviceSteps)
    .values({
      serviceId: input.serviceId,
      step: input.step,
      at: input.at,
      detail: input.detail ?? null,
    })
    .onConflictDoNothing()
    .returning({ step: serviceSteps.step });
  return rows.length === 1;
}

/** Whether a step happened. */
export async function hasStep(db: AppDb, serviceId: string, step: string): Promise<boolean> {
  const [row] = await db
    .select({ step: serviceSteps.step })
    .from(serviceSteps)
    .where(and(eq(serviceSteps.serviceId, serviceId), eq(serviceSteps.step, step)));
  return Boolean(row);
}

/**
 * Services with a step due at `now`: domains within the renewal window of expiry or past it (until
 * released), numbers and plans at or past their renewal day; a page of them by id.
 */
export async function dueServiceIds(
  db: AppDb,
  now: Date,
  page: { limit: number; afterId: string | null },
): Promise<string[]> {
  const soon = daysAfter(now, RENEWAL_WINDOW_DAYS);
  const rows = await db
    .select({ id: services.id })
    .from(services)
    .where(
      and(
        page.afterId ? gt(services.id, page.afterId) : undefined,
        or(
          and(
            eq(services.type, 'domain'),
            inArray(services.status, ['active', 'expired', 'redemption']),
            lte(services.expiresAt, soon),
          ),
          and(
            inArray(services.type, ['number', 'plan']),
            inArray(services.status, ['active', 'suspended']),
            lte(services.renewsAt, now),
          ),
        ),
      ),
    )
    .orderBy(asc(services.id))
    .limit(page.limit);
  return rows.map((r) => r.id);
}

/** The service's renewal bill still awaiting payment (one at a time), or null. */
export async function openBillId(db: AppDb, serviceId: string): Promise<string | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(
      and(
        eq(orderLines.serviceId, serviceId),
        eq(orders.kind, 'renewal'),
        eq(orders.status, 'awaiting_payment'),
      ),
    )
    .orderBy(sql`${orders.createdAt} desc`)
    .limit(1);
  return row?.id ?? null;
}
