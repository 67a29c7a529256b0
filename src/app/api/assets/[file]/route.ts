import { NextResponse } from 'next/server';
import { ApiError } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { assetByFileName } from '@/features/store-admin/theme/server/assets.server';

type Context = { params: Promise<{ file: string }> };

/**
 * An uploaded image, `/api/assets/{sha256}.{ext}`: its address names its bytes, so it is cached
 * for a year and never revalidated. An SVG may not run anything even when opened on its own.
 */
export const GET = apiRoute<Context>(async (_request, { params }) => {
  const found = await assetByFileName((await params).file);
  if (!found) throw new ApiError(404, 'not_found', 'There is no such image.');
  return new NextResponse(new Uint8Array(found.bytes), {
    status: 200,
    headers: {
      'content-type': found.contentType,
      'content-length': String(found.bytes.length),
      'cache-control': 'public, max-age=31536000, immutable',
      'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      'x-content-type-options': 'nosniff',
    },
  });
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
