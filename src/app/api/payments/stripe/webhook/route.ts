import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readRawText } from '@/lib/http/read-raw';
import { handleStripeWebhook } from '@/features/purchase/server/stripe-actions.server';

/** Stripe's events are small; a larger body is not one. */
const MAX_EVENT_BYTES = 256 * 1024;

/**
 * Stripe's webhook: no cookie and so no CSRF token; its signature (Stripe-Signature, over the
 * raw body) proves it instead. 400 invalid_signature for a body Stripe did not sign.
 */
export const POST = apiRoute(
  async (request) => {
    const raw = await readRawText(request, MAX_EVENT_BYTES);
    return dataResponse(await handleStripeWebhook(raw, request.headers.get('stripe-signature')));
  },
  { csrf: false },
);

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
