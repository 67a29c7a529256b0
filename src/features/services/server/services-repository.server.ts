import 'server-only';
import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import type { ServiceDetailsByType, StoredServiceType } from '@/lib/db/column-types';
import { prepared } from '@/lib/db/prepared';
import { serviceSeats, services, users } from '@/lib/db/schema';

/** The only code that knows how services and their seats are stored. */

type ServiceColumns = typeof services.$inferSelect;

/** A service as stored, its `details` typed by its `type` (fulfilment writes the two together). */
export type ServiceRow = {
  [T in StoredServiceType]: Omit<ServiceColumns, 'type' | 'details'> & {
    type: T;
    details: ServiceDetailsByType[T];
  };
}[StoredServiceType];

// The one place a row's type and details are paired: a column type cannot say it.
const typed = (row: ServiceColumns): ServiceRow => row as ServiceRow;
const typedOrNull = (row: ServiceColumns | undefined): ServiceRow | null =>
  row ? typed(row) : null;
export type ServiceChange = Partial<
  Pick<
    typeof services.$inferInsert,
    | 'status'
    | 'autoRenew'
    | 'cancelAtPeriodEnd'
    | 'nextSeats'
    | 'seats'
    | 'details'
    | 'renewsAt'
    | 'expiresAt'
    | 'lapsedAt'
    | 'priceNet'
    | 'priceVat'
    | 'priceGross'
  >
>;

/** Adds a service; a second one for the same order line is not added (fulfilment once). */
export async function insertService(
  tx: AppDb,
  values: Omit<typeof services.$inferInsert, 'id'>,
): Promise<boolean> {
  const rows = await tx
    .insert(services)
    .values(values)
    .onConflictDoNothing({ target: services.orderLineId })
    .returning({ id: services.id });
  return rows.length === 1;
}

/**
 * The account's services in this store, in a prepared statement: placeholders `accountId` and
 * `storeKey`.
 */
const inAccountStore = () =>
  and(
    eq(services.accountId, sql.placeholder('accountId')),
    eq(services.storeKey, sql.placeholder('storeKey')),
  );

export async function listAccountServices(
  db: AppDb,
  accountId: string,
  storeKey: string,
): Promise<ServiceRow[]> {
  const query = prepared(db, 'account_services', (d, name) =>
    d
      .select()
      .from(services)
      .where(inAccountStore())
      .orderBy(desc(services.createdAt), desc(services.id))
      .prepare(name),
  );
  const rows = await query.execute({ accountId, storeKey });
  return rows.map(typed);
}

const ofAccount = (scope: { id: string; accountId: string; storeKey: string }) =>
  and(
    eq(services.id, scope.id),
    eq(services.accountId, scope.accountId),
    eq(services.storeKey, scope.storeKey),
  );

/** One of the account's services in this store, or null (another account's reads as none). */
export async function findAccountService(
  db: AppDb,
  scope: { id: string; accountId: string; storeKey: string },
): Promise<ServiceRow | null> {
  const query = prepared(db, 'account_service', (d, name) =>
    d
      .select()
      .from(services)
      .where(and(eq(services.id, sql.placeholder('id')), inAccountStore()))
      .prepare(name),
  );
  const [row] = await query.execute(scope);
  return typedOrNull(row);
}

/** The same, under the service's row lock for the rest of the transaction. */
export async function lockAccountService(
  tx: AppDb,
  scope: { id: string; accountId: string; storeKey: string },
): Promise<ServiceRow | null> {
  const [row] = await tx.select().from(services).where(ofAccount(scope)).for('update');
  return typedOrNull(row);
}

/** A service by id, whoever's it is (jobs), without a lock. */
export async function findServiceById(db: AppDb, id: string): Promise<ServiceRow | null> {
  const [row] = await db.select().from(services).where(eq(services.id, id));
  return typedOrNull(row);
}

/** A service under its row lock, whoever's it is (the renewal steps and fulfilment). */
export async function lockServiceById(tx: AppDb, id: string): Promise<ServiceRow | null> {
  const [row] = await tx.select().from(services).where(eq(services.id, id)).for('update');
  return typedOrNull(row);
}

export async function updateService(tx: AppDb, id: string, change: ServiceChange): Promise<void> {
  if (Object.keys(change).length === 0) return;
  await tx.update(services).set(change).where(eq(services.id, id));
}

export type SeatHolder = { userId: string; name: string; email: string };

/** Who holds a plan's seats, in the order they were given. */
export async function seatHolders(db: AppDb, serviceId: string): Promise<SeatHolder[]> {
  const query = prepared(db, 'seat_holders', (d, name) =>
    d
      .select({ userId: users.id, name: users.name, email: users.email })
      .from(serviceSeats)
      .innerJoin(users, eq(users.id, serviceSeats.userId))
      .where(eq(serviceSeats.serviceId, sql.placeholder('serviceId')))
      .orderBy(asc(serviceSeats.assignedAt), asc(users.email))
      .prepare(name),
  );
  return query.execute({ serviceId });
}

/** The ids among `userIds` that are people of the account. */
export async function accountUserIds(
  db: AppDb,
  accountId: string,
  userIds: string[],
): Promise<string[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.accountId, accountId), inArray(users.id, userIds)));
  return rows.map((r) => r.id);
}

/** Gives the plan's seats to exactly `userIds` (kept holders keep their date). */
export async function setSeatHolders(
  tx: AppDb,
  serviceId: string,
  userIds: string[],
  now: Date,
): Promise<void> {
  const current = await tx
    .select({ userId: serviceSeats.userId })
    .from(serviceSeats)
    .where(eq(serviceSeats.serviceId, serviceId));
  const gone = current.map((c) => c.userId).filter((id) => !userIds.includes(id));
  if (gone.length > 0) {
    await tx
      .delete(serviceSeats)
      .where(and(eq(serviceSeats.serviceId, serviceId), inArray(serviceSeats.userId, gone)));
  }
  // Milliseconds apart, so the order they were given in is the order they are listed in.
  const added = userIds.filter((id) => !current.some((c) => c.userId === id));
  if (added.length > 0) {
    await tx
      .insert(serviceSeats)
      .values(
        added.map((userId, i) => ({ serviceId, userId, assignedAt: new Date(now.getTime() + i) })),
      )
      .onConflictDoNothing();
  }
}

/**
 * Whether the account of `userId` holds `domain` (ASCII) in this store: registered or on its way
 * in by transfer, and not released or cancelled.
 */
export async function userAccountHoldsDomain(
  db: AppDb,
  input: { userId: string; storeKey: string; domain: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: services.id })
    .from(services)
    .innerJoin(users, eq(users.accountId, services.accountId))
    .where(
      and(
        eq(users.id, input.userId),
        eq(services.storeKey, input.storeKey),
        inArray(services.type, ['domain', 'domain_transfer']),
        notInArray(services.status, ['released', 'cancelled']),
        sql`${services.details}->>'domain' = ${input.domain}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
