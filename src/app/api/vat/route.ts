import { z } from 'zod';
import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { VAT_COOKIE } from '@/features/shell/vat-display';
import { ensureSession, setSessionCookies } from '@/features/auth/server/session.server';
import { saveVatDisplay } from '@/features/auth/server/vat-preference.server';
import { requireStore } from '@/features/tenancy/server/request-store.server';

const bodySchema = z.strictObject({
  display: z.enum(['inc', 'ex'], { error: 'must be inc or ex' }),
});

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * The visitor's VAT display choice (SPEC section 4): kept in the session and, once signed in, on
 * the account (PRODUCT.md), and in the `vat_display` cookie, which the page reads before first
 * paint. The cookie is readable by scripts on purpose: it is a display preference.
 */
export const PUT = apiRoute(async (request) => {
  await requireStore(request);
  const { display } = await readJson(request, bodySchema);
  const handle = await ensureSession(request);
  await saveVatDisplay({
    sessionId: handle.session.id,
    userId: handle.session.userId,
    display,
  });
  const response = dataResponse({ display });
  if (handle.created) await setSessionCookies(response, request, handle);
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
