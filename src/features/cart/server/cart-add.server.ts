import 'server-only';
import { now } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import type { AppDb } from '@/lib/db/client';
import { ApiError } from '@/lib/http/api-response';
import { serverSecret } from '@/lib/security/server-secret';
import { seal } from '@/lib/security/seal';
import { availability } from '@/features/catalog/server/availability-config.server';
import { holdNumberForCart, numbersOf, plansOf } from '@/features/catalog/server/inventory.server';
import { numbersPageTag } from '@/features/catalog/search-address';
import { expireCacheTags } from '@/lib/cache/cache-tags';
import { parseDomainQuery, splitDomain } from '@/features/catalog/server/domain-name.server';
import { MAX_CART_LINES } from '../cart-limits';
import type { AddItemInput } from '../schemas';
import type { CartView } from './cart-pricing.server';
import { addOwnLine, insertItem, type CartItemRow } from './cart-repository.server';
import { changeCart, readCart, staleCart, type CartScope } from './cart-service.server';

/** How long a number in a cart is kept for that cart. */
export const NUMBER_HOLD_MS = 15 * 60_000;

export const cartFull = () =>
  new ApiError(
    422,
    'cart_full',
    `Your cart holds at most ${MAX_CART_LINES} lines. Check out or remove some to add more.`,
  );

/**
 * Adds a number's line inside a cart change (after the cart's row lock, so the count is exact). A
 * line the cart has already adds nothing, even to a full cart; a new line past the bound is
 * refused and the whole change (the number's hold with it) rolls back.
 */
async function addLine(tx: AppDb, cartId: string, item: Omit<CartItemRow, 'id'>): Promise<void> {
  const lines = await insertItem(tx, cartId, item);
  if (lines !== null && lines > MAX_CART_LINES) throw cartFull();
}

/**
 * Adds a line that holds nothing outside the cart (a registration, a transfer, a plan) in one
 * round trip (docs/decisions/0283), then answers the cart. A number's hold changes the inventory
 * too, so a number goes through the transaction of `changeCart` instead.
 */
async function addOwnLineOf(
  ctx: CartScope,
  expected: number | undefined,
  item: Omit<CartItemRow, 'id' | 'number'>,
): Promise<CartView> {
  const outcome = await addOwnLine(await appDb(), ctx.owner, {
    storeKey: ctx.store.key,
    siteVersion: ctx.siteVersion,
    expected,
    maxLines: MAX_CART_LINES,
    item,
  });
  if (outcome === 'stale') throw staleCart(expected);
  if (outcome === 'full') throw cartFull();
  return readCart(ctx);
}

const unprocessable = (code: string, message: string, field: string) =>
  new ApiError(422, code, message, { [field]: [message] });

/** The TLD price entry of a domain in the site version, or 422 when it is not sold here. */
function soldDomain(ctx: CartScope, input: string) {
  const parsed = parseDomainQuery(input);
  // The search's own words for what is wrong with the name (an emoji, a symbol...).
  if (!parsed.ok || parsed.value.tld === null) {
    throw new ApiError(400, 'validation_failed', 'The request is not valid.', {
      domain: [parsed.ok ? 'a full domain name, e.g. example.com' : parsed.rule],
    });
  }
  const ascii = `${parsed.value.name}.${parsed.value.tld}`;
  const tlds = ctx.store.prices.filter((p) => p.siteVersion === ctx.siteVersion).map((p) => p.tld);
  const split = splitDomain(ascii, tlds);
  if (!split) {
    throw unprocessable('tld_not_sold', 'This store does not sell that domain ending.', 'domain');
  }
  return ascii;
}

/** POST /api/cart: adds a line priced from the catalog; a second add of one domain/number/plan adds nothing. */
export async function addItem(
  ctx: CartScope,
  input: AddItemInput,
  ifMatch?: number,
): Promise<CartView> {
  const expected = input.version ?? ifMatch;
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
      return addOwnLineOf(ctx, expected, {
        type: 'domain_registration',
        domain,
        years: input.years,
        authCode: null,
        plan: null,
        users: null,
      });
    }
    if (status === 'available' || status === 'premium') {
      throw unprocessable(
        'domain_not_registered',
        'Nobody holds that domain, so it cannot be transferred. Register it instead.',
        'domain',
      );
    }
    if (ctx.holdsDomain && (await ctx.holdsDomain(domain))) {
      throw unprocessable(
        'domain_owned',
        'That domain is already in your account here, so there is nothing to transfer.',
        'domain',
      );
    }
    const authCode = seal(await serverSecret(), 'cart-auth-code', input.auth_code);
    return addOwnLineOf(ctx, expected, {
      type: 'domain_transfer',
      domain,
      years: null,
      authCode,
      plan: null,
      users: null,
    });
  }
  if (input.type === 'number') {
    const found = (await numbersOf([input.number])).get(input.number);
    if (!found || found.siteVersion !== ctx.siteVersion) {
      throw new ApiError(404, 'number_not_found', 'That number is not for sale here.', {
        number: ['not in this country inventory'],
      });
    }
    const answer = await changeCart(ctx, expected, async (tx, cart) => {
      const at = now();
      const held = await holdNumberForCart(tx, {
        number: input.number,
        cartId: cart.id,
        until: new Date(at.getTime() + NUMBER_HOLD_MS),
        now: at,
      });
      if (!held) {
        throw new ApiError(409, 'number_held', 'Someone else is holding that number.', {
          number: ['held in another cart'],
        });
      }
      await addLine(tx, cart.id, {
        type: 'number',
        domain: null,
        years: null,
        authCode: null,
        number: input.number,
        plan: null,
        users: null,
      });
    });
    // Held and committed: the cached numbers pages must not offer it any more (0111).
    expireCacheTags([numbersPageTag(ctx.siteVersion)]);
    return answer;
  }
  const plans = await plansOf(ctx.siteVersion);
  if (!plans.some((p) => p.id === input.plan)) {
    throw new ApiError(404, 'plan_not_found', 'There is no such call plan here.', {
      plan: ['unknown plan'],
    });
  }
  return addOwnLineOf(ctx, expected, {
    type: 'plan',
    domain: null,
    years: null,
    authCode: null,
    plan: input.plan,
    users: input.users,
  });
}
