import 'server-only';

/**
 * A little over the house's 250 lines: it is the one file that knows the catalog's three tables
 * (registry, numbers, plans), their holds and their sale and return.
 */
import { and, asc, eq, gte, inArray, isNull, like, lt, or, sql } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { prepared } from '@/lib/db/prepared';
import { callPlans, phoneNumbers, registryDomains } from '@/lib/db/schema';
import { type SiteVersionId, siteVersionOf } from '@/features/site-version/site-version';

/** The only code that knows how the catalog is stored. Answers plain objects. */

export type RegistryEntry = {
  domain: string;
  status: 'taken' | 'premium';
  premiumRegisterNet: { 1: number | null; 2: number | null };
};

function registryDto(row: typeof registryDomains.$inferSelect): RegistryEntry {
  return {
    domain: row.domain,
    status: row.status === 'premium' ? 'premium' : 'taken',
    premiumRegisterNet: { 1: row.premiumRegisterNetSv1, 2: row.premiumRegisterNetSv2 },
  };
}

export async function findRegistryEntry(db: AppDb, domain: string): Promise<RegistryEntry | null> {
  const query = prepared(db, 'registry_entry', (d, name) =>
    d
      .select()
      .from(registryDomains)
      .where(eq(registryDomains.domain, sql.placeholder('domain')))
      .prepare(name),
  );
  const [row] = await query.execute({ domain });
  return row ? registryDto(row) : null;
}

export async function findRegistryEntries(
  db: AppDb,
  domains: readonly string[],
): Promise<Map<string, RegistryEntry>> {
  if (domains.length === 0) return new Map();
  const rows = await db
    .select()
    .from(registryDomains)
    .where(inArray(registryDomains.domain, [...domains]));
  return new Map(rows.map((r) => [r.domain, registryDto(r)]));
}

export type PhoneNumber = { number: string; area: string; national: string; monthlyNet: number };

const numberColumns = {
  number: phoneNumbers.number,
  area: phoneNumbers.area,
  national: phoneNumbers.national,
  monthlyNet: phoneNumbers.monthlyNet,
};

/**
 * A hold that has not lapsed belongs to its cart; nobody else sees or takes the number. An order
 * holds its numbers until it is paid or cancelled, with no lapse.
 */
const notHeld = (now: Date) =>
  and(
    isNull(phoneNumbers.heldByOrder),
    or(isNull(phoneNumbers.heldByCart), lt(phoneNumbers.heldUntil, now)),
  );

/** Numbers of a site version's country that nobody holds, by area/prefix and digits contained. */
export async function searchNumbers(
  db: AppDb,
  input: { siteVersion: SiteVersionId; area?: string; contains?: string; limit: number; now: Date },
): Promise<PhoneNumber[]> {
  return db
    .select(numberColumns)
    .from(phoneNumbers)
    .where(
      and(
        eq(phoneNumbers.siteVersion, input.siteVersion),
        notHeld(input.now),
        input.area ? like(phoneNumbers.national, `${input.area}%`) : undefined,
        input.contains ? like(phoneNumbers.national, `%${input.contains}%`) : undefined,
      ),
    )
    .orderBy(asc(phoneNumbers.national))
    .limit(input.limit);
}

export type HeldNumber = PhoneNumber & {
  siteVersion: SiteVersionId;
  heldByCart: string | null;
  heldUntil: Date | null;
  heldByOrder: string | null;
};

export async function findNumbers(
  db: AppDb,
  numbers: readonly string[],
): Promise<Map<string, HeldNumber>> {
  if (numbers.length === 0) return new Map();
  const rows = await db
    .select({
      ...numberColumns,
      siteVersion: phoneNumbers.siteVersion,
      heldByCart: phoneNumbers.heldByCart,
      heldUntil: phoneNumbers.heldUntil,
      heldByOrder: phoneNumbers.heldByOrder,
    })
    .from(phoneNumbers)
    .where(inArray(phoneNumbers.number, [...numbers]));
  return new Map(
    rows.map((r) => [r.number, { ...r, siteVersion: siteVersionOf(r.siteVersion) } as HeldNumber]),
  );
}

/**
 * Holds a number for a cart until `until`, when it is free or already this cart's (a renewal of
 * the hold). One conditional UPDATE, so two carts racing for a number cannot both win. Answers
 * false when someone else holds it.
 */
export async function holdNumber(
  db: AppDb,
  input: { number: string; cartId: string; until: Date; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(phoneNumbers)
    .set({ heldByCart: input.cartId, heldUntil: input.until })
    .where(
      and(
        eq(phoneNumbers.number, input.number),
        isNull(phoneNumbers.heldByOrder),
        or(notHeld(input.now), eq(phoneNumbers.heldByCart, input.cartId)),
      ),
    )
    .returning({ number: phoneNumbers.number });
  return rows.length === 1;
}

/** Releases a cart's holds (all of them, or the given numbers). */
export async function releaseNumbers(db: AppDb, cartId: string, numbers?: readonly string[]) {
  await db
    .update(phoneNumbers)
    .set({ heldByCart: null, heldUntil: null })
    .where(
      and(
        eq(phoneNumbers.heldByCart, cartId),
        numbers ? inArray(phoneNumbers.number, [...numbers]) : undefined,
      ),
    );
}

/** Moves the given live holds of one cart to another (merge on sign-in). */
export async function moveHolds(
  db: AppDb,
  input: { from: string; to: string; numbers: readonly string[]; now: Date },
): Promise<void> {
  if (input.numbers.length === 0) return;
  await db
    .update(phoneNumbers)
    .set({ heldByCart: input.to })
    .where(
      and(
        eq(phoneNumbers.heldByCart, input.from),
        inArray(phoneNumbers.number, [...input.numbers]),
        gte(phoneNumbers.heldUntil, input.now),
      ),
    );
}

export type CallPlan = { id: string; name: string; perUserMonthlyNet: number };

export async function listPlans(db: AppDb, siteVersion: SiteVersionId): Promise<CallPlan[]> {
  return db
    .select({
      id: callPlans.id,
      name: callPlans.name,
      perUserMonthlyNet: callPlans.perUserMonthlyNet,
    })
    .from(callPlans)
    .where(eq(callPlans.siteVersion, siteVersion))
    .orderBy(asc(callPlans.sortOrder), asc(callPlans.id));
}

/**
 * Moves a cart's holds on `numbers` to an order (placed from that cart): the order keeps them,
 * without a time limit, until it is paid or cancelled. Answers how many moved.
 */
export async function holdForOrder(
  db: AppDb,
  input: { cartId: string; orderId: string; numbers: readonly string[] },
): Promise<number> {
  if (input.numbers.length === 0) return 0;
  const rows = await db
    .update(phoneNumbers)
    .set({ heldByOrder: input.orderId, heldByCart: null, heldUntil: null })
    .where(
      and(
        eq(phoneNumbers.heldByCart, input.cartId),
        isNull(phoneNumbers.heldByOrder),
        inArray(phoneNumbers.number, [...input.numbers]),
      ),
    )
    .returning({ number: phoneNumbers.number });
  return rows.length;
}

/** Releases what an order held (it was cancelled): the numbers are for sale again. */
export async function releaseOrderNumbers(db: AppDb, orderId: string): Promise<void> {
  await db
    .update(phoneNumbers)
    .set({ heldByOrder: null })
    .where(eq(phoneNumbers.heldByOrder, orderId));
}

/** Takes a number the order held out of the inventory (sold); false when it did not hold it. */
/** A number's row in the inventory, as a sold number keeps it to come back one day. */
export type InventoryNumber = {
  number: string;
  siteVersion: number;
  area: string;
  national: string;
  monthlyNet: number;
};

/** A sold number leaves the inventory: answers its row, or null when the order did not hold it. */
export async function removeSoldNumber(
  db: AppDb,
  input: { number: string; orderId: string },
): Promise<InventoryNumber | null> {
  const [row] = await db
    .delete(phoneNumbers)
    .where(and(eq(phoneNumbers.number, input.number), eq(phoneNumbers.heldByOrder, input.orderId)))
    .returning({
      number: phoneNumbers.number,
      siteVersion: phoneNumbers.siteVersion,
      area: phoneNumbers.area,
      national: phoneNumbers.national,
      monthlyNet: phoneNumbers.monthlyNet,
    });
  return row ?? null;
}

/** A released number is for sale again, free of any hold; false when it was there already. */
export async function restoreNumber(db: AppDb, row: InventoryNumber): Promise<boolean> {
  const rows = await db
    .insert(phoneNumbers)
    .values({ ...row, heldByCart: null, heldUntil: null, heldByOrder: null })
    .onConflictDoNothing()
    .returning({ number: phoneNumbers.number });
  return rows.length === 1;
}

/** A released domain leaves the registry: search answers it available again. */
export async function removeFromRegistry(db: AppDb, domain: string): Promise<void> {
  await db.delete(registryDomains).where(eq(registryDomains.domain, domain));
}

/** A renewed domain's new expiry in the registry. */
export async function setRegistryExpiry(
  db: AppDb,
  input: { domain: string; expiresAt: Date },
): Promise<void> {
  await db
    .update(registryDomains)
    .set({ expiresAt: input.expiresAt })
    .where(eq(registryDomains.domain, input.domain));
}

/**
 * Records a registration in the registry (a free or premium name becomes taken, with its expiry).
 * False when the name was taken meanwhile.
 */
export async function registerInRegistry(
  db: AppDb,
  input: { domain: string; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(registryDomains)
    .values({ domain: input.domain, status: 'taken', expiresAt: input.expiresAt })
    .onConflictDoUpdate({
      target: registryDomains.domain,
      set: { status: 'taken', expiresAt: input.expiresAt },
      setWhere: eq(registryDomains.status, 'premium'),
    })
    .returning({ domain: registryDomains.domain });
  return rows.length === 1;
}
