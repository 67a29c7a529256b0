import 'server-only';
import { and, desc, eq, gte, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import {
  accounts,
  creditNoteLines,
  creditNotes,
  invoices,
  orders,
  services,
  storeStaff,
  users,
} from '@/lib/db/schema';

/** The store admin's reads and writes of orders, credit notes, customers and sales. */

export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type NewCreditNote = Omit<typeof creditNotes.$inferInsert, 'id'>;
export type InvoiceRowFull = typeof invoices.$inferSelect;
export type AdminOrderRow = typeof orders.$inferSelect;
export type Keyset = { at: Date; id: string };

/** `%`, `_` and `\` typed into a search are looked for as themselves. */
const likeEscaped = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function selectOrdersPage(
  db: AppDb,
  input: {
    storeKey: string;
    q?: string;
    status?: string;
    provider?: string;
    from?: Date;
    to?: Date;
    after?: Keyset;
    limit: number;
  },
): Promise<AdminOrderRow[]> {
  const where: SQL[] = [eq(orders.storeKey, input.storeKey)];
  if (input.status) where.push(sql`${orders.status} = ${input.status}`);
  if (input.provider) where.push(sql`${orders.provider} = ${input.provider}`);
  if (input.from) where.push(gte(orders.createdAt, input.from));
  if (input.to) where.push(lt(orders.createdAt, input.to));
  if (input.q) {
    const like = likeEscaped(input.q);
    where.push(
      or(
        ilike(orders.number, like),
        ilike(orders.email, like),
        sql`${orders.billing}->>'name' ilike ${like}`,
        sql`${orders.billing}->>'company' ilike ${like}`,
      )!,
    );
  }
  if (input.after) {
    where.push(
      sql`(${orders.createdAt}, ${orders.id}) < (${input.after.at.toISOString()}::timestamptz, ${input.after.id}::uuid)`,
    );
  }
  return db
    .select()
    .from(orders)
    .where(and(...where))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(input.limit);
}

export async function invoiceOfOrderFull(
  db: AppDb,
  orderId: string,
): Promise<InvoiceRowFull | null> {
  const [row] = await db.select().from(invoices).where(eq(invoices.orderId, orderId));
  return row ?? null;
}

export function creditNotesOfOrder(db: AppDb, orderId: string): Promise<CreditNoteRow[]> {
  return db
    .select()
    .from(creditNotes)
    .where(eq(creditNotes.orderId, orderId))
    .orderBy(creditNotes.issuedAt);
}

/** Which of these order lines a credit note gave back already. */
export async function refundedAmong(db: AppDb, lineIds: string[]): Promise<Set<string>> {
  if (lineIds.length === 0) return new Set();
  const rows = await db
    .select({ id: creditNoteLines.orderLineId })
    .from(creditNoteLines)
    .where(inArray(creditNoteLines.orderLineId, lineIds));
  return new Set(rows.map((r) => r.id));
}

/** A credit note and the lines it gives back (each line once: a unique key). */
export async function insertCreditNote(
  tx: AppDb,
  note: NewCreditNote,
  lineIds: string[],
): Promise<CreditNoteRow> {
  const [row] = await tx.insert(creditNotes).values(note).returning();
  await tx
    .insert(creditNoteLines)
    .values(lineIds.map((orderLineId) => ({ creditNoteId: row!.id, orderLineId })));
  return row!;
}

export async function markOrderRefunded(tx: AppDb, orderId: string): Promise<void> {
  await tx.update(orders).set({ status: 'refunded' }).where(eq(orders.id, orderId));
}

/** The service an order line made, if it made one. */
export async function serviceOfLine(
  db: AppDb,
  orderId: string,
  lineId: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: services.id })
    .from(services)
    .where(and(eq(services.orderId, orderId), eq(services.orderLineId, lineId)));
  return row?.id ?? null;
}

export type CustomerRow = {
  id: string;
  name: string;
  createdAt: Date;
  email: string | null;
  activated: boolean;
  orders: number;
  paid: number;
};

/** The store's customer accounts (its staff left out), newest first. */
export function selectCustomersPage(
  db: AppDb,
  input: { storeKey: string; q?: string; after?: Keyset; limit: number },
): Promise<CustomerRow[]> {
  const where: SQL[] = [
    eq(accounts.storeKey, input.storeKey),
    sql`not exists (select 1 from ${users} u join ${storeStaff} s on s.user_id = u.id where u.account_id = "accounts"."id")`,
  ];
  if (input.q) {
    const like = likeEscaped(input.q);
    where.push(
      sql`(${accounts.name} ilike ${like} or exists (select 1 from ${users} u where u.account_id = "accounts"."id" and (u.email ilike ${like} or u.name ilike ${like})))`,
    );
  }
  if (input.after) {
    where.push(
      sql`(${accounts.createdAt}, ${accounts.id}) < (${input.after.at.toISOString()}::timestamptz, ${input.after.id}::uuid)`,
    );
  }
  return db
    .select({
      id: accounts.id,
      name: accounts.name,
      createdAt: accounts.createdAt,
      email: sql<
        string | null
      >`(select u.email from ${users} u where u.account_id = "accounts"."id" order by u.created_at limit 1)`,
      activated: sql<boolean>`exists (select 1 from ${users} u where u.account_id = "accounts"."id" and u.activated_at is not null)`,
      orders: sql<number>`(select count(*)::int from ${orders} o where o.account_id = "accounts"."id")`,
      paid: sql<number>`(select coalesce(sum(o.total_gross), 0)::int from ${orders} o where o.account_id = "accounts"."id" and o.status in ('paid', 'fulfilled'))`,
    })
    .from(accounts)
    .where(and(...where))
    .orderBy(desc(accounts.createdAt), desc(accounts.id))
    .limit(input.limit);
}

export type Totals = {
  month: string;
  currency: string;
  product_type: string;
  net: number;
  vat: number;
  gross: number;
};
type Rows<T> = { rows: T[] };

const PRODUCT = sql.raw(`case
  when ol.type like 'domain%' then 'domain'
  when ol.type like 'number%' then 'number'
  when ol.type like 'plan%' then 'plan'
  else ol.type end`);

/** Invoiced lines per month (UTC), currency and product type. */
export async function invoicedTotals(db: AppDb, storeKey: string, from: Date, to: Date) {
  const result = (await db.execute(sql`
    select to_char(i.issued_at at time zone 'UTC', 'YYYY-MM') as month, i.currency,
      ${PRODUCT} as product_type,
      sum(ol.total_net)::int as net, sum(ol.total_vat)::int as vat, sum(ol.total_gross)::int as gross
    from invoices i join order_lines ol on ol.order_id = i.order_id
    where i.store_key = ${storeKey} and i.issued_at >= ${from.toISOString()}::timestamptz
      and i.issued_at < ${to.toISOString()}::timestamptz
    group by 1, 2, 3`)) as unknown as Rows<Totals>;
  return result.rows;
}

/** Credited lines per month (UTC), currency and product type. */
export async function creditedTotals(db: AppDb, storeKey: string, from: Date, to: Date) {
  const result = (await db.execute(sql`
    select to_char(cn.issued_at at time zone 'UTC', 'YYYY-MM') as month, cn.currency,
      ${PRODUCT} as product_type,
      sum(ol.total_net)::int as net, sum(ol.total_vat)::int as vat, sum(ol.total_gross)::int as gross
    from credit_notes cn join credit_note_lines cnl on cnl.credit_note_id = cn.id
      join order_lines ol on ol.id = cnl.order_line_id
    where cn.store_key = ${storeKey} and cn.issued_at >= ${from.toISOString()}::timestamptz
      and cn.issued_at < ${to.toISOString()}::timestamptz
    group by 1, 2, 3`)) as unknown as Rows<Totals>;
  return result.rows;
}

export async function newCustomersPerMonth(db: AppDb, storeKey: string, from: Date, to: Date) {
  const result = (await db.execute(sql`
    select to_char(a.created_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as count
    from accounts a
    where a.store_key = ${storeKey} and a.created_at >= ${from.toISOString()}::timestamptz
      and a.created_at < ${to.toISOString()}::timestamptz
      and not exists (select 1 from users u join store_staff s on s.user_id = u.id
                      where u.account_id = a.id)
    group by 1 order by 1`)) as unknown as Rows<{ month: string; count: number }>;
  return result.rows;
}

export async function renewalsBetween(db: AppDb, storeKey: string, from: Date, to: Date) {
  const result = (await db.execute(sql`
    select id, type, name, renews_at, auto_renew from services
    where store_key = ${storeKey} and status = 'active'
      and renews_at >= ${from.toISOString()}::timestamptz
      and renews_at < ${to.toISOString()}::timestamptz
    order by renews_at, id limit 1000`)) as unknown as Rows<{
    id: string;
    type: string;
    name: string;
    renews_at: string | Date;
    auto_renew: boolean;
  }>;
  return result.rows;
}
