import type { Metadata } from 'next';
import { now } from '@/lib/clock';
import { can } from '@/features/access/roles';
import { CANNOT_BUY } from '@/features/cart/buying-role';
import { pageCaller } from '@/features/access/server/caller.server';
import { countryOptions } from '@/features/billing/countries';
import { billingOf } from '@/features/billing/server/billing.server';
import { CheckoutFlow } from '@/features/checkout/components/checkout-flow';
import { SignInStep, wantsRegistration } from '@/features/checkout/components/sign-in-step';
import { checkoutView } from '@/features/checkout/server/checkout.server';
import { waitingOrderOf } from '@/features/checkout/server/page-data.server';
import { configuredProviderName } from '@/features/payments/server/provider-config.server';
import styles from '@/features/checkout/components/checkout.module.css';

export const metadata: Metadata = { title: 'Checkout', robots: { index: false } };
// One customer's cart and details: rendered per request, never cached (docs/decisions/0064).
export const dynamic = 'force-dynamic';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** The checkout: sign in or register, then billing, details, review and pay. */
export default async function CheckoutPage({ searchParams }: Props) {
  const caller = await pageCaller();
  if (!caller) {
    return (
      <div className={styles.page}>
        <h1>Checkout</h1>
        <SignInStep registering={wantsRegistration(await searchParams)} />
      </div>
    );
  }
  // The billing details and the order are the account's money: not for every role.
  if (!can(caller.role, 'billing.manage')) {
    return (
      <div className={styles.page}>
        <h1>Checkout</h1>
        {/* The words of the cart and the shop pages, naming the roles that may buy (0332). */}
        <p>{CANNOT_BUY}</p>
      </div>
    );
  }
  const renderedAt = now().toISOString();
  const [checkout, billing] = await Promise.all([
    checkoutView(caller),
    billingOf(caller.accountId),
  ]);
  // An empty cart here is most often an order just placed: Back from its pay page.
  const waiting = checkout.cart.items.length === 0 ? await waitingOrderOf(caller) : null;
  return (
    <div className={styles.page}>
      <h1>Checkout</h1>
      <p className={styles.muted}>Signed in as {caller.email}</p>
      <CheckoutFlow
        initial={checkout}
        billing={billing}
        accountName={caller.name}
        waitingOrder={waiting}
        renderedAt={renderedAt}
        countries={countryOptions()}
        demo={configuredProviderName() === 'demo'}
        dashboardOnly={caller.store.config.dashboard_only}
      />
    </div>
  );
}
