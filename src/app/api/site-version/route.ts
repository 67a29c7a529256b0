import { z } from 'zod';
import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { SITE_VERSION_COOKIE } from '@/lib/http/cookie-names';
import { requestInput } from '@/lib/http/request-input';
import { SITE_VERSIONS } from '@/features/site-version/site-version';
import { storeContext } from '@/features/session/server/request-context.server';

const bodySchema = z.strictObject({
  id: z.union([z.literal(1), z.literal(2)], { error: 'must be 1 (GBP) or 2 (USD)' }),
});

const ONE_YEAR_S = 365 * 24 * 60 * 60;

function answer(id: 1 | 2) {
  const { currency } = SITE_VERSIONS[id];
  return { site_version: { id, currency } };
}

/** The visitor's site version: their choice, else en-GB gives 1/GBP and anything else 2/USD. */
export const GET = apiRoute(async (request) => {
  const { siteVersion } = await storeContext(requestInput(request));
  return dataResponse(answer(siteVersion));
});

/** Keeps the visitor's choice of site version in a cookie. */
export const PUT = apiRoute(async (request) => {
  await storeContext(requestInput(request));
  const { id } = await readJson(request, bodySchema);
  const response = dataResponse(answer(id));
  response.cookies.set(SITE_VERSION_COOKIE, String(id), {
    path: '/',
    maxAge: ONE_YEAR_S,
    sameSite: 'lax',
    httpOnly: true,
    secure: request.nextUrl.protocol === 'https:',
  });
  return response;
});

export const POST = methodNotAllowed(['GET', 'PUT']);
export const PATCH = POST;
export const DELETE = POST;
