import { z } from 'zod';
import { dataResponse } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { readJson } from '@/lib/http/read-json';
import { requestInput } from '@/lib/http/request-input';
import { withSessionCookies } from '@/lib/http/session-cookie';
import { VAT_COOKIE } from '@/features/pricing/vat-display';
import { saveVatDisplay } from '@/features/auth/server/vat-preference.server';
import { requestContext } from '@/features/session/server/request-context.server';

const bodySchema = z.strictObject({
  display: z.enum(['inc', 'ex'], { error: 'must be inc or ex' }),
});

const ONE_YEAR_S = 365 * 24 * 60 * 60;

/**
 * The visitor's VAT display choice (docs/contract/site-versions-and-vat.md): kept in the session
 * and, once signed in, on the account, and in the `vat_display` cookie, which the page reads before
 * first paint. The cookie is readable by scripts on purpose: it is a display preference.
 */
export const PUT = apiRoute(async (request) => {
  const ctx = await requestContext(requestInput(request));
  const { display } = await readJson(request, bodySchema);
  const { session } = await ctx.ensureSession();
  await saveVatDisplay({ sessionId: session.id, userId: session.userId, display });
  const response = await withSessionCookies(dataResponse({ display }), ctx);
  response.cookies.set(VAT_COOKIE, display, {
    path: '/',
    maxAge: ONE_YEAR_S,
    sameSite: 'lax',
    httpOnly: false,
    secure: ctx.https,
  });
  return response;
});

export const GET = methodNotAllowed(['PUT']);
export const POST = GET;
export const PATCH = GET;
export const DELETE = GET;
