import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { requestInput } from '@/lib/http/request-input';
import {
  disconnect,
  startConnect,
} from '@/features/store-admin/payments/server/payments-admin.server';
import { requireStaff } from '@/features/store-admin/server/staff.server';

/**
 * Starts connecting the store's own Stripe account (owners): no body; answers the single-use
 * Stripe onboarding `url` to send the owner to. 409 already_connected, 409 stripe_not_configured.
 */
export const POST = apiRoute(async (request) => {
  const staff = await requireStaff(requestInput(request), 'payouts.manage');
  return dataResponse(await startConnect(staff));
});

/** Disconnects it (owners): the platform is paid and named from the next order. 404 not_connected. */
export const DELETE = apiRoute(async (request) => {
  const staff = await requireStaff(requestInput(request), 'payouts.manage');
  return dataResponse(await disconnect(staff));
});

export const GET = methodNotAllowed(['POST', 'DELETE']);
export const PUT = GET;
export const PATCH = GET;
