import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { ASSET_BODY_BYTES, assetUploadSchema } from '@/features/store-admin/theme/schemas';
import { uploadAsset } from '@/features/store-admin/theme/server/assets.server';
import { requireStaff } from '@/features/store-admin/server/staff.server';

/**
 * Uploads a logo or favicon `{purpose, content_base64}`: 201 `{url, sha256, content_type, size,
 * purpose}`. 415 for anything but PNG, WebP or SVG (by its bytes), 413 over 512 KB.
 */
export const POST = apiRoute(async (request) => {
  const staff = await requireStaff(requestInput(request), 'theme.edit');
  const input = await readJson(request, assetUploadSchema, ASSET_BODY_BYTES);
  return dataResponse(await uploadAsset(staff, input), { status: 201 });
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
