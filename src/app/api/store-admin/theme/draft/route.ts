import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { themeDraftSchema } from '@/features/store-admin/theme/schemas';
import { saveThemeDraft, themeDraft } from '@/features/store-admin/theme/server/theme-admin.server';
import { requireStaff } from '@/features/store-admin/server/staff.server';

/** The theme draft's body: three legal texts of up to 20,000 characters fit. */
const DRAFT_BODY_BYTES = 256 * 1024;

/** The store's theme draft (the published settings when none is saved). */
export const GET = apiRoute(async (request) =>
  dataResponse(await themeDraft(await requireStaff(requestInput(request), 'theme.edit'))),
);

/**
 * Saves the draft `{theme, variables}`: 200 with the draft; 422 `contrast_too_low` naming the
 * unreadable colours, 422 `theme_not_editable` on a built-in theme.
 */
export const PUT = apiRoute(async (request) => {
  const staff = await requireStaff(requestInput(request), 'theme.edit');
  const input = await readJson(request, themeDraftSchema, DRAFT_BODY_BYTES);
  return dataResponse(await saveThemeDraft(staff, input));
});

export const POST = methodNotAllowed(['GET', 'PUT']);
export const PATCH = POST;
export const DELETE = POST;
