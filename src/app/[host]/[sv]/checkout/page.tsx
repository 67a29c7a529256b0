import type { Metadata } from 'next';
import { pageRequestInput } from '@/lib/http/page-request-input';
import { countryOptions } from '@/features/billing/countries';
import { billingOf } from '@/features/billing/server/billing.server';
import { CheckoutFlow } from '@/features/checkout/components/checkout-flow';
import { SignInStep } from '@/features/checkout/components/sign-in-step';
import { checkoutView } from '@/features/checkout/server/checkout.server';
import { pageScope } from '@/features/checkout/server/page-scope.server';
import { configuredProviderName } from '@/features/payments/server/provider-config.server';
import styles from '@/features/checkout/components/checkout.module.css';

export const metadata: Metadata = { title: 'Checkout', robots: { index: false } };
// One customer's cart and details: rendered per request, never cached (docs/decisions/0064).
export const dynamic = 'force-dynamic';

/** The checkout: sign in or register, then billing, details, review and pay. */
export default async function CheckoutPage() {
  const scope = await pageScope(await pageRequestInput());
  if (!scope) {
    return (
      <div className={styles.page}>
        <h1>Checkout</h1>
        <SignInStep />
      </div>
    );
  }
  const [checkout, billing] = await Promise.all([
    checkoutView(scope),
    billingOf(scope.user.accountId),
  ]);
  return (
    <div className={styles.page}>
      <h1>Checkout</h1>
      <p className={styles.muted}>Signed in as {scope.user.email}</p>
      <CheckoutFlow
        initial={checkout}
        billing={billing}
        countries={countryOptions()}
        demo={configuredProviderName() === 'demo'}
      />
    </div>
  );
}
