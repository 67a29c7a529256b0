import 'server-only';
import { appDb } from '@/lib/db/app-db';
import type { AppDb } from '@/lib/db/client';
import { ApiError } from '@/lib/http/api-response';
import { expireCacheTags } from '@/lib/cache/cache-tags';
import { numbersPageTag } from '@/features/catalog/search-address';
import { releaseCartHolds } from '@/features/catalog/server/inventory.server';
import type { RequestContext } from '@/features/session/server/request-context.server';
import type { SiteVersionId } from '@/features/site-version/site-version';
import type { Store } from '@/features/tenancy/store-types';
import type { UpdateItemInput } from '../schemas';
import { priceCart, type CartView } from './cart-pricing.server';
import {
  bumpVersion,
  deleteItems,
  findCart,
  findCartWithItems,
  hasItem,
  findOrCreateCart,
  listItems,
  updateItem,
  type CartOwner,
  type CartRow,
} from './cart-repository.server';

/**
 * Whose cart a call works on, in which store and site version. `holdsDomain` answers whether
 * the signed-in customer's account already holds a domain (ASCII) here; the services that know
 * it sit above the cart, so the route passes it in.
 */
export type CartScope = {
  store: Store;
  siteVersion: SiteVersionId;
  owner: CartOwner;
  holdsDomain?: (domain: string) => Promise<boolean>;
};

/** The cart's owner for a request: the signed-in user, else the session (made when missing). */
export async function cartScope(ctx: RequestContext): Promise<CartScope> {
  const { session } = await ctx.ensureSession();
  const owner: CartOwner = session.userId ? { userId: session.userId } : { sessionId: session.id };
  return { store: ctx.store, siteVersion: ctx.siteVersion, owner };
}

export const staleCart = (version: number | undefined) =>
  new ApiError(
    409,
    'cart_version_conflict',
    `The cart changed since version ${version}. Load it again and retry.`,
  );

async function view(
  db: AppDb,
  ctx: Omit<CartScope, 'owner'> & { owner: CartOwner | null },
): Promise<CartView> {
  const found = ctx.owner ? await findCartWithItems(db, ctx.owner) : null;
  const empty: CartRow = {
    id: '',
    storeKey: ctx.store.key,
    siteVersion: ctx.siteVersion,
    version: 1,
    dropped: [],
  };
  return priceCart(db, {
    cart: found?.cart ?? empty,
    items: found?.items ?? [],
    premium: found?.premium ?? new Map(),
    prices: ctx.store.prices,
    siteVersion: ctx.siteVersion,
  });
}

/**
 * The cart a page shows with itself: the session's, or the empty cart of a
 * visitor who has no session yet (a page never makes one; the first cart call does).
 */
export async function pageCart(ctx: RequestContext, siteVersion: SiteVersionId): Promise<CartView> {
  const session = ctx.session;
  const owner: CartOwner | null = session
    ? session.userId
      ? { userId: session.userId }
      : { sessionId: session.id }
    : null;
  return view(await appDb(), { store: ctx.store, siteVersion, owner });
}

/** The request's cart, priced in its site version; an empty one when none was made yet. */
export async function readCart(ctx: CartScope): Promise<CartView> {
  const db = await appDb();
  return view(db, ctx);
}

/**
 * Runs a change in one transaction that first takes the cart's row lock and moves its version
 * on (refusing a stale expected version). Anything thrown rolls the whole change back, so a
 * refused change leaves the cart as it was.
 */
export async function changeCart(
  ctx: CartScope,
  expected: number | undefined,
  apply: (tx: AppDb, cart: CartRow) => Promise<void>,
): Promise<CartView> {
  const db = await appDb();
  const cart = await findOrCreateCart(db, ctx.owner, {
    storeKey: ctx.store.key,
    siteVersion: ctx.siteVersion,
  });
  await db.transaction(async (tx) => {
    const version = await bumpVersion(tx, cart.id, { expected, siteVersion: ctx.siteVersion });
    if (version === null) throw staleCart(expected);
    await apply(tx, cart);
  });
  return view(db, ctx);
}

const lineNotFound = () =>
  new ApiError(404, 'cart_item_not_found', 'That line is not in your cart.');

/** PUT /api/cart/{id}: years of a registration or users of a plan. */
export async function changeItem(
  ctx: CartScope,
  itemId: string,
  input: UpdateItemInput,
  ifMatch?: number,
): Promise<CartView> {
  const expected = input.version ?? ifMatch;
  const db = await appDb();
  const cart = await findCart(db, ctx.owner);
  const item = cart ? (await listItems(db, cart.id)).find((i) => i.id === itemId) : undefined;
  if (!cart || !item) throw lineNotFound();
  if (input.years !== undefined && item.type !== 'domain_registration') {
    throw new ApiError(400, 'validation_failed', 'The request is not valid.', {
      years: ['only a domain registration has years'],
    });
  }
  if (input.users !== undefined && item.type !== 'plan') {
    throw new ApiError(400, 'validation_failed', 'The request is not valid.', {
      users: ['only a call plan has users'],
    });
  }
  return changeCart(ctx, expected, async (tx, c) => {
    if (!(await hasItem(tx, c.id, itemId))) throw lineNotFound();
    await updateItem(tx, c.id, itemId, { years: input.years, users: input.users });
  });
}

/**
 * A released number is for sale again at once: the cached numbers pages are expired, as a hold
 * expires them (0111), rather than left to their 15 seconds. Both site versions': the number's
 * country need not be the one the cart is priced in now.
 */
function offerAgain(): void {
  expireCacheTags([numbersPageTag(1), numbersPageTag(2)]);
}

/** DELETE /api/cart/{id}: removes a line and releases its number. */
export async function removeItem(
  ctx: CartScope,
  itemId: string,
  expected?: number,
): Promise<CartView> {
  const db = await appDb();
  const cart = await findCart(db, ctx.owner);
  const item = cart ? (await listItems(db, cart.id)).find((i) => i.id === itemId) : undefined;
  if (!cart || !item) throw lineNotFound();
  const answer = await changeCart(ctx, expected, async (tx, c) => {
    if (!(await hasItem(tx, c.id, itemId))) throw lineNotFound();
    await deleteItems(tx, c.id, itemId);
    if (item.number) await releaseCartHolds(tx, c.id, [item.number]);
  });
  if (item.number) offerAgain();
  return answer;
}

/** DELETE /api/cart/clear: empties the cart and releases every hold. */
export async function clearCart(ctx: CartScope, expected?: number): Promise<CartView> {
  let numbers = false;
  const answer = await changeCart(ctx, expected, async (tx, cart) => {
    numbers = (await listItems(tx, cart.id)).some((i) => i.number);
    await deleteItems(tx, cart.id);
    await releaseCartHolds(tx, cart.id);
  });
  if (numbers) offerAgain();
  return answer;
}
