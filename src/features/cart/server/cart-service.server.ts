import 'server-only';
import type { NextRequest } from 'next/server';
import { appDb } from '@/lib/db/app-db';
import type { AppDb } from '@/lib/db/client';
import { ApiError } from '@/lib/http/api-response';
import { serverSecret } from '@/lib/security/server-secret';
import { seal } from '@/lib/security/seal';
import { ensureSession, type SessionHandle } from '@/features/auth/server/session.server';
import { availability } from '@/features/catalog/server/availability-config.server';
import {
  findNumbers,
  holdNumber,
  listPlans,
  releaseNumbers,
} from '@/features/catalog/server/catalog-repository.server';
import { splitDomain, toAsciiDomain } from '@/features/catalog/server/domain-name.server';
import type { SiteVersionId } from '@/features/site-version/site-version';
import { requireStore } from '@/features/tenancy/server/request-store.server';
import type { Store } from '@/features/tenancy/store-types';
import type { AddItemInput, UpdateItemInput } from '../schemas';
import { priceCart, type CartView } from './cart-pricing.server';
import {
  bumpVersion,
  deleteItems,
  findCart,
  findCartWithItems,
  findItem,
  findOrCreateCart,
  insertItem,
  listItems,
  updateItem,
  type CartOwner,
  type CartRow,
} from './cart-repository.server';

/** How long a number in a cart is kept for that cart (issue 5). */
export const NUMBER_HOLD_MS = 15 * 60_000;

export type CartContext = {
  store: Store;
  siteVersion: SiteVersionId;
  handle: SessionHandle & { created: boolean };
  owner: CartOwner;
};

/** The cart's owner for a request: the signed-in user, else the session (made when missing). */
export async function cartContext(request: NextRequest): Promise<CartContext> {
  const { store, siteVersion } = await requireStore(request);
  const handle = await ensureSession(request);
  const owner: CartOwner = handle.session.userId
    ? { userId: handle.session.userId }
    : { sessionId: handle.session.id };
  return { store, siteVersion, handle, owner };
}

const staleCart = (version: number | undefined) =>
  new ApiError(
    409,
    'cart_version_conflict',
    `The cart changed since version ${version}. Load it again and retry.`,
  );
const unprocessable = (code: string, message: string, field: string) =>
  new ApiError(422, code, message, { [field]: [message] });

/** The version a change is conditional on: `version` in the body, else an If-Match header. */
export function expectedVersion(request: NextRequest, bodyVersion?: number): number | undefined {
  if (bodyVersion !== undefined) return bodyVersion;
  const header = request.headers.get('if-match');
  if (header === null) return undefined;
  const match = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
  if (!match) {
    throw new ApiError(400, 'validation_failed', 'The request is not valid.', {
      'if-match': ['the cart version the change is based on, e.g. "3"'],
    });
  }
  return Number(match[1]);
}

async function view(db: AppDb, ctx: CartContext): Promise<CartView> {
  const found = await findCartWithItems(db, ctx.owner);
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

/** The request's cart, priced in its site version; an empty one when none was made yet. */
export async function readCart(ctx: CartContext): Promise<CartView> {
  const db = await appDb();
  return view(db, ctx);
}

/**
 * Runs a change in one transaction that first takes the cart's row lock and moves its version
 * on (refusing a stale expected version). Anything thrown rolls the whole change back, so a
 * refused change leaves the cart as it was.
 */
async function change(
  ctx: CartContext,
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

/** The TLD price entry of a domain in the site version, or 422 when it is not sold here. */
function soldDomain(ctx: CartContext, input: string) {
  const ascii = toAsciiDomain(input);
  if (!ascii) {
    throw new ApiError(400, 'validation_failed', 'The request is not valid.', {
      domain: ['a full domain name, e.g. example.com'],
    });
  }
  const tlds = ctx.store.prices.filter((p) => p.siteVersion === ctx.siteVersion).map((p) => p.tld);
  const split = splitDomain(ascii, tlds);
  if (!split) {
    throw unprocessable('tld_not_sold', 'This store does not sell that domain ending.', 'domain');
  }
  return ascii;
}

/** POST /api/cart: adds a line priced from the catalog; a second add of one domain/number/plan adds nothing. */
export async function addItem(
  request: NextRequest,
  ctx: CartContext,
  input: AddItemInput,
): Promise<CartView> {
  const expected = expectedVersion(request, input.version);
  if (input.type === 'domain_registration' || input.type === 'domain_transfer') {
    const domain = soldDomain(ctx, input.domain);
    // Asked before the transaction: a remote source must not hold the cart's lock.
    const status = (await availability().checkAll([domain])).get(domain);
    if (input.type === 'domain_registration') {
      if (status === 'taken') {
        throw unprocessable('domain_taken', 'That domain is already registered.', 'domain');
      }
      if (status === 'unknown') {
        throw unprocessable(
          'availability_unknown',
          'We could not check that domain just now. Try again shortly.',
          'domain',
        );
      }
      return change(ctx, expected, async (tx, cart) => {
        await insertItem(tx, cart.id, {
          type: 'domain_registration',
          domain,
          years: input.years,
          authCode: null,
          number: null,
          plan: null,
          users: null,
        });
      });
    }
    if (status === 'available' || status === 'premium') {
      throw unprocessable(
        'domain_not_registered',
        'Nobody holds that domain, so it cannot be transferred. Register it instead.',
        'domain',
      );
    }
    const authCode = seal(await serverSecret(), 'cart-auth-code', input.auth_code);
    return change(ctx, expected, async (tx, cart) => {
      await insertItem(tx, cart.id, {
        type: 'domain_transfer',
        domain,
        years: null,
        authCode,
        number: null,
        plan: null,
        users: null,
      });
    });
  }
  if (input.type === 'number') {
    const found = (await findNumbers(await appDb(), [input.number])).get(input.number);
    if (!found || found.siteVersion !== ctx.siteVersion) {
      throw new ApiError(404, 'number_not_found', 'That number is not for sale here.', {
        number: ['not in this country inventory'],
      });
    }
    return change(ctx, expected, async (tx, cart) => {
      const now = new Date();
      const held = await holdNumber(tx, {
        number: input.number,
        cartId: cart.id,
        until: new Date(now.getTime() + NUMBER_HOLD_MS),
        now,
      });
      if (!held) {
        throw new ApiError(409, 'number_held', 'Someone else is holding that number.', {
          number: ['held in another cart'],
        });
      }
      await insertItem(tx, cart.id, {
        type: 'number',
        domain: null,
        years: null,
        authCode: null,
        number: input.number,
        plan: null,
        users: null,
      });
    });
  }
  const plans = await listPlans(await appDb(), ctx.siteVersion);
  if (!plans.some((p) => p.id === input.plan)) {
    throw new ApiError(404, 'plan_not_found', 'There is no such call plan here.', {
      plan: ['unknown plan'],
    });
  }
  return change(ctx, expected, async (tx, cart) => {
    await insertItem(tx, cart.id, {
      type: 'plan',
      domain: null,
      years: null,
      authCode: null,
      number: null,
      plan: input.plan,
      users: input.users,
    });
  });
}

const lineNotFound = () =>
  new ApiError(404, 'cart_item_not_found', 'That line is not in your cart.');

/** PUT /api/cart/{id}: years of a registration or users of a plan. */
export async function changeItem(
  request: NextRequest,
  ctx: CartContext,
  itemId: string,
  input: UpdateItemInput,
): Promise<CartView> {
  const expected = expectedVersion(request, input.version);
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
  return change(ctx, expected, async (tx, c) => {
    if (!(await findItem(tx, c.id, itemId))) throw lineNotFound();
    await updateItem(tx, c.id, itemId, { years: input.years, users: input.users });
  });
}

/** DELETE /api/cart/{id}: removes a line and releases its number. */
export async function removeItem(
  request: NextRequest,
  ctx: CartContext,
  itemId: string,
): Promise<CartView> {
  const expected = expectedVersion(request);
  const db = await appDb();
  const cart = await findCart(db, ctx.owner);
  const item = cart ? (await listItems(db, cart.id)).find((i) => i.id === itemId) : undefined;
  if (!cart || !item) throw lineNotFound();
  return change(ctx, expected, async (tx, c) => {
    if (!(await findItem(tx, c.id, itemId))) throw lineNotFound();
    await deleteItems(tx, c.id, itemId);
    if (item.number) await releaseNumbers(tx, c.id, [item.number]);
  });
}

/** DELETE /api/cart/clear: empties the cart and releases every hold. */
export async function clearCart(request: NextRequest, ctx: CartContext): Promise<CartView> {
  const expected = expectedVersion(request);
  return change(ctx, expected, async (tx, cart) => {
    await deleteItems(tx, cart.id);
    await releaseNumbers(tx, cart.id);
  });
}
