import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { pageRequestInput } from '@/lib/http/page-request-input';
import { callerOf } from '@/features/access/server/caller.server';
import { CANNOT_BUY, canBuy } from '@/features/cart/buying-role';
import { CartView } from '@/features/cart/components/cart-view';
import { pageCart } from '@/features/cart/server/cart-service.server';
import { requestContext } from '@/features/session/server/request-context.server';
import { pageStore } from '@/features/tenancy/server/page-store.server';

type Props = { params: Promise<{ host: string; sv: string }> };

export const metadata: Metadata = { title: 'Your cart', robots: { index: false } };
// The visitor's own cart, rendered with the page (docs/decisions/0107).
export const dynamic = 'force-dynamic';

/** The cart page: lines, holds and totals in the first response; changes in the browser. */
export default async function CartPage({ params }: Props) {
  const { host, sv } = await params;
  const { store, siteVersion } = await pageStore(host, sv);
  if (store.config.dashboard_only) notFound();
  const ctx = await requestContext(await pageRequestInput());
  // Priced in the site version the page is for, as the page's own cart calls are.
  const [cart, caller] = await Promise.all([pageCart(ctx, siteVersion), callerOf(ctx)]);
  // A member whose role may not buy is told so here, not first at the checkout (0327).
  const cannotBuy = caller && !canBuy(caller.role) ? CANNOT_BUY : null;
  return (
    <>
      <h1>Your cart</h1>
      <CartView siteVersion={siteVersion} initial={cart} cannotBuy={cannotBuy} />
    </>
  );
}
