import { z } from 'zod';
import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { VAT_COOKIE } from '@/features/shell/vat-display';
import { requireStore } from '@/features/tenancy/server/request-store.server';

const bodySchema = z.strictObject({
  display: z.enum(['inc', 'ex'], { error: 'must be inc or ex' }),
});

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * The visitor's VAT display choice (SPEC section 4): kept in the `vat_display` cookie, which the
 * page reads before first paint. Readable by scripts on purpose: it is a display preference.
 */
export const PUT = apiRoute(async (request) => {
  await requireStore(request);
  const { display } = await readJson(request, bodySchema);
  const response = dataResponse({ display });
  response.cookies.set(VAT_COOKIE, display, {
    path: '/',
    maxAge: ONE_YEAR_S,
    sameSite: 'lax',
    httpOnly: false,
    secure: request.nextUrl.protocol === 'https:',
  });
  return response;
});

export const GET = methodNotAllowed(['PUT']);
export const POST = GET;
export const PATCH = GET;
export const DELETE = GET;
