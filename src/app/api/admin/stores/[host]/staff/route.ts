import { ApiError, dataResponse } from '@/lib/http/api-response';
import { normaliseHost } from '@/lib/http/host';
import { operatorMethodNotAllowed, operatorRoute } from '@/lib/http/operator';
import { readJson } from '@/lib/http/read-json';
import { staffInviteSchema } from '@/features/store-admin/schemas';
import { inviteStaffAsOperator } from '@/features/store-admin/server/invites.server';

type Context = { params: Promise<{ host: string }> };

/**
 * Operator call: invites a store's (first) staff member by e-mail: `{email, role}` -> 201
 * `{id, email, role, expires_at}`; the mail leads to the store's host. 404 `store_not_found`,
 * 409 `already_staff`, `invite_pending`.
 */
export const POST = operatorRoute<Context>(async (request, { params }) => {
  const host = normaliseHost((await params).host);
  if (!host) {
    throw new ApiError(400, 'validation_failed', 'Not a host name.', {
      host: ['must be a host name, e.g. shop.example.com'],
    });
  }
  const input = await readJson(request, staffInviteSchema);
  return dataResponse(await inviteStaffAsOperator(host, input), { status: 201 });
});

export const GET = operatorMethodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
