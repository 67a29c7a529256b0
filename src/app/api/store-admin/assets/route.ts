import { dataResponse, isApiError } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import {
  ASSET_BODY_BYTES,
  assetUploadSchema,
  imageBytesOfBody,
} from '@/features/store-admin/theme/schemas';
import { imageTooLarge, uploadAsset } from '@/features/store-admin/theme/server/assets.server';
import { requireStaff } from '@/features/store-admin/server/staff.server';

/**
 * Uploads a logo or favicon `{purpose, content_base64}`: 201 `{url, sha256, content_type, size,
 * purpose}`. 415 for anything but PNG, WebP or SVG (by its bytes), 413 over 512 KB, said in KB
 * with the file's size ("The image must be at most 512 KB; this file is 700 KB."), also when the
 * body itself is over its limit and is not read.
 */
export const POST = apiRoute(async (request) => {
  const staff = await requireStaff(requestInput(request), 'theme.edit');
  const input = await readJson(request, assetUploadSchema, ASSET_BODY_BYTES).catch(
    (error: unknown) => {
      if (!isApiError(error) || error.code !== 'payload_too_large') throw error;
      const declared = request.headers.get('content-length');
      throw imageTooLarge('image', imageBytesOfBody(declared === null ? null : Number(declared)));
    },
  );
  return dataResponse(await uploadAsset(staff, input), { status: 201 });
});

export const GET = methodNotAllowed(['POST']);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
