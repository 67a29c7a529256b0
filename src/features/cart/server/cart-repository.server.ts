import 'server-only';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { prepared } from '@/lib/db/prepared';
import { cartItems, carts, registryDomains } from '@/lib/db/schema';
import { type SiteVersionId, siteVersionOf } from '@/features/site-version/site-version';
import { now } from '@/lib/clock';

/** The only code that knows how carts are stored. */

export type CartOwner = { userId: string } | { sessionId: string };
export type DroppedLine = { type: string; label: string; reason: string };

export type CartRow = {
  id: string;
  storeKey: string;
  siteVersion: SiteVersionId;
  version: number;
  dropped: DroppedLine[];
};

export type CartItemRow = {
  id: string;
  type: 'domain_registration' | 'domain_transfer' | 'number' | 'plan';
  domain: string | null;
  years: number | null;
  authCode: string | null;
  number: string | null;
  plan: string | null;
  users: number | null;
};

/** The columns of a cart line that the cart answer and pricing need. */
const itemColumns = {
  id: cartItems.id,
  type: cartItems.type,
  domain: cartItems.domain,
  years: cartItems.years,
  authCode: cartItems.authCode,
  number: cartItems.number,
  plan: cartItems.plan,
  users: cartItems.users,
};

const cartColumns = {
  id: carts.id,
  storeKey: carts.storeKey,
  siteVersion: carts.siteVersion,
  version: carts.version,
  dropped: carts.dropped,
};

/**
 * Whose cart: the condition, with the owner's id as the placeholder `owner` of a prepared
 * statement, and which statement (a user's cart, or a visitor's by their session).
 */
const ownerOf = (owner: CartOwner) =>
  'userId' in owner
    ? { of: 'user', id: owner.userId, where: eq(carts.userId, sql.placeholder('owner')) }
    : {
        of: 'session',
        id: owner.sessionId,
        where: and(eq(carts.sessionId, sql.placeholder('owner')), isNull(carts.userId)),
      };

const toCart = (
  row: { siteVersion: number; dropped: unknown } & Omit<CartRow, 'siteVersion' | 'dropped'>,
): CartRow => ({
  ...row,
  siteVersion: siteVersionOf(row.siteVersion),
  dropped: Array.isArray(row.dropped) ? (row.dropped as DroppedLine[]) : [],
});

export async function findCart(db: AppDb, owner: CartOwner): Promise<CartRow | null> {
  const whose = ownerOf(owner);
  const name = `cart_of_${whose.of}`;
  const query = prepared(db, name, (d) =>
    d.select(cartColumns).from(carts).where(whose.where).prepare(name),
  );
  const [row] = await query.execute({ owner: whose.id });
  return row ? toCart(row) : null;
}

/**
 * The owner's cart, made when missing: a shopper's every add after the first finds it in one
 * round trip. Safe under concurrency: the owner columns are unique.
 */
export async function findOrCreateCart(
  db: AppDb,
  owner: CartOwner,
  input: { storeKey: string; siteVersion: SiteVersionId },
): Promise<CartRow> {
  const found = await findCart(db, owner);
  if (found) return found;
  await db
    .insert(carts)
    .values({ ...owner, storeKey: input.storeKey, siteVersion: input.siteVersion })
    .onConflictDoNothing();
  const cart = await findCart(db, owner);
  if (!cart) throw new Error('cart vanished after insert');
  return cart;
}

/**
 * A cart, its lines and the premium first-year prices of its domains, in one query: the cart is
 * read on every page view of a shopper, so it costs one round trip, not three.
 */
export async function findCartWithItems(
  db: AppDb,
  owner: CartOwner,
): Promise<{
  cart: CartRow;
  items: CartItemRow[];
  premium: Map<string, { 1: number | null; 2: number | null }>;
} | null> {
  const whose = ownerOf(owner);
  const name = `cart_with_items_of_${whose.of}`;
  const query = prepared(db, name, (d) =>
    d
      .select({
        cart: cartColumns,
        item: itemColumns,
        premiumStatus: registryDomains.status,
        premium1: registryDomains.premiumRegisterNetSv1,
        premium2: registryDomains.premiumRegisterNetSv2,
      })
      .from(carts)
      .leftJoin(cartItems, eq(cartItems.cartId, carts.id))
      .leftJoin(registryDomains, eq(registryDomains.domain, cartItems.domain))
      .where(whose.where)
      .orderBy(asc(cartItems.createdAt), asc(cartItems.id))
      .prepare(name),
  );
  const rows = await query.execute({ owner: whose.id });
  const first = rows[0];
  if (!first) return null;
  const items: CartItemRow[] = [];
  const premium = new Map<string, { 1: number | null; 2: number | null }>();
  for (const row of rows) {
    if (!row.item) continue;
    items.push(row.item as CartItemRow);
    if (row.item.domain && row.premiumStatus === 'premium') {
      premium.set(row.item.domain, { 1: row.premium1, 2: row.premium2 });
    }
  }
  return { cart: toCart(first.cart), items, premium };
}

export async function listItems(db: AppDb, cartId: string): Promise<CartItemRow[]> {
  const rows = await db
    .select(itemColumns)
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.createdAt), asc(cartItems.id));
  return rows as CartItemRow[];
}

/**
 * Takes the cart's row lock and moves its version on, when the version is the expected one (or
 * none is expected). Every change runs this first in its transaction, so changes to one cart
 * queue behind each other and a stale one is refused. Answers the new version, or null.
 */
export async function bumpVersion(
  db: AppDb,
  cartId: string,
  input: { expected?: number; siteVersion: SiteVersionId; dropped?: DroppedLine[] },
): Promise<number | null> {
  const rows = await db
    .update(carts)
    .set({
      version: sql`${carts.version} + 1`,
      updatedAt: now(),
      siteVersion: input.siteVersion,
      dropped: input.dropped ?? [],
    })
    .where(
      and(
        eq(carts.id, cartId),
        input.expected !== undefined ? eq(carts.version, input.expected) : undefined,
      ),
    )
    .returning({ version: carts.version });
  return rows[0]?.version ?? null;
}

/** Takes the cart's row lock for the rest of the transaction, without changing it. */
export async function lockCartRow(db: AppDb, cartId: string): Promise<boolean> {
  const rows = await db
    .select({ id: carts.id })
    .from(carts)
    .where(eq(carts.id, cartId))
    .for('update');
  return rows.length === 1;
}

/**
 * Adds a line unless the cart has it; answers how many lines the cart then holds, or null when
 * it had that domain, number or plan already. Inside a change, after the cart's row lock, the
 * count is exact: the same statement reads it (seeing the lines before its own), so it costs no
 * round trip of its own.
 */
export async function insertItem(
  db: AppDb,
  cartId: string,
  item: Omit<CartItemRow, 'id'>,
): Promise<number | null> {
  const rows = await db
    .insert(cartItems)
    .values({ cartId, ...item })
    .onConflictDoNothing()
    .returning({
      before: sql<number>`(select count(*)::int from ${cartItems} as counted where counted.cart_id = ${cartId})`,
    });
  const [row] = rows;
  return row ? row.before + 1 : null;
}

/** What `addOwnLine` did: 'added' (or found the line there already), or nothing. */
export type AddLineOutcome = 'added' | 'stale' | 'full';

/**
 * Adds a line that holds nothing outside the cart (a domain registration or transfer, a plan)
 * to the owner's cart, made when missing, in one round trip: the database function
 * `cart_add_line` (drizzle/0018) takes the cart's row lock, refuses a stale `expected` version
 * ('stale') and a new line past `maxLines` ('full') without changing anything, else moves the
 * version on and inserts the line unless the cart has it (docs/decisions/0283).
 */
export async function addOwnLine(
  db: AppDb,
  owner: CartOwner,
  input: {
    storeKey: string;
    siteVersion: SiteVersionId;
    expected: number | undefined;
    maxLines: number;
    item: Omit<CartItemRow, 'id' | 'number'>;
  },
): Promise<AddLineOutcome> {
  const { item } = input;
  const userId = 'userId' in owner ? owner.userId : null;
  const sessionId = 'sessionId' in owner ? owner.sessionId : null;
  const result = (await db.execute(sql`
    select cart_add_line(
      ${userId}::uuid, ${sessionId}::uuid, ${input.storeKey}, ${input.siteVersion}::smallint,
      ${input.expected ?? null}::integer, ${now().toISOString()}::timestamptz, ${item.type},
      ${item.domain}, ${item.years}::smallint, ${item.authCode}, ${item.plan},
      ${item.users}::integer, ${input.maxLines}::integer) as outcome`)) as unknown as {
    rows: { outcome: AddLineOutcome }[];
  };
  const [row] = result.rows;
  if (!row) throw new Error('cart_add_line answered no row');
  return row.outcome;
}

export async function hasItem(db: AppDb, cartId: string, itemId: string) {
  const items = await db
    .select({ id: cartItems.id })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.id, itemId)));
  return items.length === 1;
}

export async function updateItem(
  db: AppDb,
  cartId: string,
  itemId: string,
  set: { years?: number; users?: number },
): Promise<void> {
  await db
    .update(cartItems)
    .set(set)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.id, itemId)));
}

export async function deleteItems(db: AppDb, cartId: string, itemId?: string): Promise<void> {
  await db
    .delete(cartItems)
    .where(and(eq(cartItems.cartId, cartId), itemId ? eq(cartItems.id, itemId) : undefined));
}

/** Moves one line to another cart (merge on sign-in). */
export async function moveItem(db: AppDb, itemId: string, toCartId: string): Promise<void> {
  await db.update(cartItems).set({ cartId: toCartId }).where(eq(cartItems.id, itemId));
}

/** Gives an anonymous cart to the user who just signed in (who had none). */
export async function adoptCart(db: AppDb, cartId: string, userId: string): Promise<void> {
  await db.update(carts).set({ userId, sessionId: null }).where(eq(carts.id, cartId));
}

export async function deleteCart(db: AppDb, cartId: string): Promise<void> {
  await db.delete(carts).where(eq(carts.id, cartId));
}
