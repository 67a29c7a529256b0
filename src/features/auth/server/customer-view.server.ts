import 'server-only';
import { appDb } from '@/lib/db/app-db';
import type { Cart } from '@/features/cart/cart-types';
import { cartScope, readCart, type CartScope } from '@/features/cart/server/cart-service.server';
import type { VatDisplay } from '@/features/pricing/vat-display';
import type { RequestContext } from '@/features/session/server/request-context.server';
import { currentUser } from './current-user.server';
import { userDto, type UserDto } from './users-repository.server';
import { vatDisplayOf } from './vat-preference.server';

/**
 * The visitor as the client sees them (docs/contract/calls.md, "Customer response"): the signed-in
 * user (null for an anonymous visitor), the cart priced in the request's site version, and the VAT
 * display kept for them. Makes the session when there is none (never for an access token).
 */
export async function customerView(
  ctx: RequestContext,
): Promise<{ user: UserDto | null; cart: Cart; vat_display: VatDisplay }> {
  // A desktop client's token has no session: it sees the customer's own cart.
  const scope: CartScope = ctx.grant
    ? { store: ctx.store, siteVersion: ctx.siteVersion, owner: { userId: ctx.grant.userId } }
    : await cartScope(ctx);
  const [user, cart] = await Promise.all([currentUser(ctx), readCart(scope)]);
  return {
    user: user ? await userDto(await appDb(), user) : null,
    cart,
    vat_display: vatDisplayOf(ctx.session?.vatDisplay ?? null, user),
  };
}
