import 'server-only';
import Stripe from 'stripe';
import { getEnv } from '@/lib/env';
import { ApiError, isApiError } from '@/lib/http/api-response';
import { stripeConnection, stripeErrorType } from './stripe-provider.server';

/**
 * The platform's side of Stripe Connect (issue 26 point 12, decision 0232): a connected account
 * per store, made with the Accounts API and onboarded through Stripe's hosted Connect Onboarding
 * (an Account Link), as Stripe documents for platforms. The store's owner never hands us keys.
 */

export const stripeNotConfigured = () =>
  new ApiError(
    409,
    'stripe_not_configured',
    'Card payments through Stripe are not set up on this platform, so there is no account to connect.',
  );

/** Whether a store's owner can connect a Stripe account here: the platform has Stripe keys. */
export function connectAvailable(): boolean {
  return Boolean(getEnv().STRIPE_SECRET_KEY);
}

/** Stripe did not answer or refused: the owner can try again; nothing was kept. */
export const stripeUnavailable = () =>
  new ApiError(503, 'stripe_unavailable', 'Stripe could not be reached. Try again shortly.');

/** A Stripe call whose failure is told as 503 `stripe_unavailable`, not as a server error. */
async function atStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isApiError(error)) throw error;
    throw stripeUnavailable();
  }
}

/** A Stripe client with the platform's key, made per call (no cache shared between bundles). */
function platformStripe(): Stripe {
  const env = getEnv();
  if (!env.STRIPE_SECRET_KEY) throw stripeNotConfigured();
  return new Stripe(env.STRIPE_SECRET_KEY, {
    ...stripeConnection(env.STRIPE_API_URL),
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
  });
}

/**
 * A new connected account for a store: the store is the merchant, with its own Stripe Dashboard,
 * pays its own fees and Stripe carries its losses (the controller properties Stripe recommends in
 * place of the legacy Standard type). The idempotency key is made from the store and the attempt,
 * so a retried request makes one account.
 */
export async function createConnectedAccount(input: {
  storeId: string;
  attempt: string;
  email: string;
  country?: string;
}): Promise<string> {
  const stripe = platformStripe();
  const account = await atStripe(() =>
    stripe.accounts.create(
      {
        email: input.email,
        metadata: { store_id: input.storeId },
        controller: {
          stripe_dashboard: { type: 'full' },
          fees: { payer: 'account' },
          losses: { payments: 'stripe' },
          requirement_collection: 'stripe',
        },
      },
      { idempotencyKey: `connect-${input.storeId}-${input.attempt}` },
    ),
  );
  return account.id;
}

/** A single-use Stripe URL that takes the owner through Connect Onboarding for the account. */
export async function onboardingLink(input: {
  account: string;
  returnUrl: string;
  refreshUrl: string;
}): Promise<{ url: string; expiresAt: Date }> {
  const stripe = platformStripe();
  const link = await atStripe(() =>
    stripe.accountLinks.create({
      account: input.account,
      type: 'account_onboarding',
      return_url: input.returnUrl,
      refresh_url: input.refreshUrl,
    }),
  );
  return { url: link.url, expiresAt: new Date(link.expires_at * 1000) };
}

/**
 * What Stripe says of a connected account now: whether it takes charges and, when not, Stripe's
 * reason (`requirements.disabled_reason`, e.g. `requirements.past_due`, `rejected.fraud`). An
 * account Stripe no longer lets the platform see (deleted, or the platform's access removed)
 * takes no charges here: `account_unavailable`. Stripe unreachable, or the platform's key refused:
 * throws, so the caller keeps what it has and asks again later.
 */
export async function accountChargeState(
  account: string,
): Promise<{ canCharge: boolean; reason: string | null }> {
  try {
    const found = await platformStripe().accounts.retrieve(account);
    if (found.charges_enabled === true) return { canCharge: true, reason: null };
    return { canCharge: false, reason: found.requirements?.disabled_reason ?? null };
  } catch (error) {
    // By the error's type, never instanceof: Next may load the SDK's module more than once.
    const type = stripeErrorType(error);
    const statusCode = (error as { statusCode?: unknown }).statusCode;
    if (
      type === 'StripePermissionError' ||
      (type === 'StripeInvalidRequestError' && statusCode === 404)
    ) {
      return { canCharge: false, reason: 'account_unavailable' };
    }
    throw error;
  }
}
