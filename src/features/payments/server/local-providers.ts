import { invalidSignature, type PaymentProvider } from './provider';

/**
 * The providers with no outside service. `demo` moves no money: its pay page decides the outcome
 * (succeed, decline, or a second confirmation first). `manual` is a bank transfer: the payment
 * waits until the store (for now the operator) marks the order paid.
 */

/** The demo card that declines charges made without the customer. */
export const DEMO_DECLINING_CARD = 'demo-card-declines';

const noWebhooks = (): never => {
  throw invalidSignature();
};

// Nothing moved through a provider, so there is nothing to give back through one.
const noRefunds = async (): Promise<never> => {
  throw new Error('this provider takes no money: there is nothing to refund');
};

export const demoProvider: PaymentProvider = {
  name: 'demo',
  takesMoney: false,
  start: async () => ({ providerRef: null }),
  retrieve: async () => ({ status: 'requires_payment' }),
  cancel: async () => ({ status: 'failed', failureMessage: 'Cancelled.' }),
  // Like Stripe's test card 4000 0000 0000 0341: a demo card kept as `demo-card-declines`
  // accepts the first payment and declines every later charge (renewal retries can be tried).
  chargeSaved: async (_payment, method) =>
    method.providerRef === DEMO_DECLINING_CARD
      ? {
          status: 'failed',
          failureMessage: 'The card was declined (a demo card that declines renewals).',
          providerRef: null,
        }
      : { status: 'succeeded', providerRef: null, method: null },
  parseWebhook: noWebhooks,
  refund: noRefunds,
};

export const manualProvider: PaymentProvider = {
  name: 'manual',
  takesMoney: false,
  start: async () => ({ providerRef: null }),
  retrieve: async () => ({ status: 'requires_payment' }),
  cancel: async () => ({ status: 'failed', failureMessage: 'Cancelled.' }),
  // A bank transfer cannot be pulled: a renewal waits for the customer's transfer.
  chargeSaved: async () => ({ status: 'requires_payment', providerRef: null }),
  parseWebhook: noWebhooks,
  refund: noRefunds,
};
