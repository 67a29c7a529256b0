import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readRawText } from '@/lib/http/read-raw';
import { handleStripeWebhook } from '@/features/purchase/server/stripe-actions.server';
import { connectedAccountUpdated } from '@/features/store-admin/payments/server/payments-admin.server';

/** Stripe's events are small; a larger body is not one. */
const MAX_EVENT_BYTES = 256 * 1024;

/**
 * Stripe's webhook: no cookie and so no CSRF token; its signature (Stripe-Signature, over the
 * raw body) proves it instead. 400 invalid_signature for a body Stripe did not sign. Events of
 * stores' own accounts come signed with the Connect endpoint's secret; a store's account that can
 * take charges is made active from its `account.updated` (docs/decisions/0271), and one Stripe
 * stopped goes back to onboarding (0278).
 */
export const POST = apiRoute(
  async (request) => {
    const raw = await readRawText(request, MAX_EVENT_BYTES);
    const signature = request.headers.get('stripe-signature');
    return dataResponse(await handleStripeWebhook(raw, signature, connectedAccountUpdated));
  },
  { csrf: false },
);

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
