import 'server-only';
import type { StoredProviderName } from '@/lib/db/column-types';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { paymentEvents, paymentMethods, payments } from '@/lib/db/schema';

/** The only code that knows how payments, kept methods and provider events are stored. */

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

export async function insertPayment(
  tx: AppDb,
  values: Omit<typeof payments.$inferInsert, 'id'>,
): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(values).returning();
  return row!;
}

export async function findPayment(db: AppDb, id: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(payments).where(eq(payments.id, id));
  return row ?? null;
}

export async function lockPayment(tx: AppDb, id: string): Promise<PaymentRow | null> {
  const [row] = await tx.select().from(payments).where(eq(payments.id, id)).for('update');
  return row ?? null;
}

export async function findPaymentByRef(
  db: AppDb,
  provider: StoredProviderName,
  ref: string,
): Promise<PaymentRow | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.provider, provider), eq(payments.providerRef, ref)));
  return row ?? null;
}

export async function listOrderPayments(db: AppDb, orderId: string): Promise<PaymentRow[]> {
  return db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
}

export async function updatePayment(
  db: AppDb,
  id: string,
  set: Partial<Pick<PaymentRow, 'status' | 'failureMessage' | 'succeededAt' | 'providerRef'>> & {
    updatedAt: Date;
  },
): Promise<void> {
  await db.update(payments).set(set).where(eq(payments.id, id));
}

/** Records a provider event; false when it was recorded before (a duplicate delivery). */
export async function insertEvent(
  tx: AppDb,
  values: typeof paymentEvents.$inferInsert,
): Promise<boolean> {
  const rows = await tx
    .insert(paymentEvents)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: paymentEvents.eventId });
  return rows.length === 1;
}

export async function upsertMethod(
  tx: AppDb,
  values: Omit<typeof paymentMethods.$inferInsert, 'id'>,
): Promise<string> {
  const [row] = await tx
    .insert(paymentMethods)
    .values(values)
    .onConflictDoUpdate({
      target: [paymentMethods.accountId, paymentMethods.provider, paymentMethods.providerRef],
      set: {
        label: values.label,
        customerRef: values.customerRef,
        stripeAccount: values.stripeAccount ?? null,
      },
    })
    .returning({ id: paymentMethods.id });
  return row!.id;
}

/** Makes `id` the account's one default method; false when the account has no such method. */
export async function setDefaultMethod(tx: AppDb, accountId: string, id: string): Promise<boolean> {
  const [found] = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.accountId, accountId), eq(paymentMethods.id, id)))
    .for('update');
  if (!found) return false;
  await tx
    .update(paymentMethods)
    .set({ isDefault: sql`${paymentMethods.id} = ${id}` })
    .where(eq(paymentMethods.accountId, accountId));
  return true;
}

/** Removes one of the account's methods; answers it, or null when there is none. */
export async function deleteMethod(
  tx: AppDb,
  accountId: string,
  id: string,
): Promise<PaymentMethodRow | null> {
  const [row] = await tx
    .delete(paymentMethods)
    .where(and(eq(paymentMethods.accountId, accountId), eq(paymentMethods.id, id)))
    .returning();
  return row ?? null;
}

export async function listMethods(db: AppDb, accountId: string): Promise<PaymentMethodRow[]> {
  return db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.accountId, accountId))
    .orderBy(desc(paymentMethods.createdAt));
}
