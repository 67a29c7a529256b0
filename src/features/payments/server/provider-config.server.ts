import 'server-only';
import { getEnv, paymentProviderOf } from '@/lib/env';
import type { ProviderName } from '../payment-types';
import { demoProvider, manualProvider } from './local-providers';
import type { PaymentProvider } from './provider';
import { stripeProvider } from './stripe-provider.server';

const KEY = Symbol.for('storefront.stripe-provider');
type Holder = { [KEY]?: PaymentProvider };

/** The provider new payments use: PAYMENT_PROVIDER, else demo (only with demo stores). */
export function configuredProviderName(): ProviderName {
  return paymentProviderOf(getEnv());
}

/**
 * A provider by name. A payment keeps the provider it was made with, so a payment made before a
 * configuration change still finishes through its own.
 */
export function providerNamed(name: string): PaymentProvider {
  if (name === 'demo') return demoProvider;
  if (name === 'manual') return manualProvider;
  if (name !== 'stripe') throw new Error(`unknown payment provider ${name}`);
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    const env = getEnv();
    if (!env.STRIPE_SECRET_KEY || !env.STRIPE_WEBHOOK_SECRET) {
      throw new Error('Stripe is not configured (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET)');
    }
    holder[KEY] = stripeProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      connectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET,
      apiUrl: env.STRIPE_API_URL,
    });
  }
  return holder[KEY];
}
