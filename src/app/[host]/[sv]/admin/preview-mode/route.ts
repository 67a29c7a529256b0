import { draftMode } from 'next/headers';
import { NextResponse } from 'next/server';
import { z } from 'zod';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readOptionalJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { requireStaff } from '@/features/store-admin/server/staff.server';

/**
 * `POST /admin/preview-mode`: turns the theme preview on for this browser (Next's Draft Mode,
 * docs/decisions/0165); the store's pages are then rendered per request, and show the draft to
 * this store's staff only. 204. A page-level handler, not an /api call: Draft Mode is set on the
 * answer by Next's request scope, which only Next's server gives (the browser suite covers it).
 */
export const POST = apiRoute(async (request) => {
  await requireStaff(requestInput(request), 'theme.edit');
  await readOptionalJson(request, z.strictObject({}));
  (await draftMode()).enable();
  return new NextResponse(null, { status: 204 });
});

/** `DELETE /admin/preview-mode`: turns the preview off for this browser: the store's cached pages again. 204. */
export const DELETE = apiRoute(async (request) => {
  await requireStaff(requestInput(request), 'theme.edit');
  (await draftMode()).disable();
  return new NextResponse(null, { status: 204 });
});

export const GET = methodNotAllowed(['POST', 'DELETE']);
export const PUT = GET;
export const PATCH = GET;
