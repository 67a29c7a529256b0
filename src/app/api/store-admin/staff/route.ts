import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { staffInviteSchema } from '@/features/store-admin/schemas';
import { inviteStaff } from '@/features/store-admin/server/invites.server';
import { staffList } from '@/features/store-admin/server/staff-admin.server';
import { auditScope, requireStaff } from '@/features/store-admin/server/staff.server';

/** The store's staff and open invitations (owners): `{staff: [...], invites: [...]}`. */
export const GET = apiRoute(async (request) =>
  dataResponse(await staffList(await requireStaff(requestInput(request), 'staff.manage'))),
);

/** Invites a person (owners): `{email, role}` -> 201 `{id, email, role, expires_at}`. */
export const POST = apiRoute(async (request) => {
  const staff = await requireStaff(requestInput(request), 'staff.manage');
  const input = await readJson(request, staffInviteSchema);
  const answer = await inviteStaff(staff, input, {
    ...auditScope(staff),
    inviterName: staff.account.name || staff.account.email,
  });
  return dataResponse(answer, { status: 201 });
});

export const PUT = methodNotAllowed(['GET', 'POST']);
export const PATCH = PUT;
export const DELETE = PUT;
