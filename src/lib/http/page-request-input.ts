import 'server-only';
import { cookies, headers } from 'next/headers';
import { getEnv } from '@/lib/env';
import { clientIpFrom } from './client-ip';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE, SITE_VERSION_COOKIE } from './cookie-names';
import { hostOfRequest } from './host';
import type { RequestInput } from './request-input';

/**
 * What a page rendered per request (checkout, orders, invoices: docs/decisions/0064) knows of
 * its request, as the same plain values a route reads with `requestInput`. Reading cookies makes
 * the page dynamic, which these pages must be: they show one customer's data.
 */
export async function pageRequestInput(): Promise<RequestInput> {
  const [h, c] = await Promise.all([headers(), cookies()]);
  // scripts/serve.mjs sets X-Forwarded-Proto from the socket unless a trusted proxy says it.
  const https = h.get('x-forwarded-proto') === 'https';
  const token = c.get(https ? SECURE_SESSION_COOKIE : SESSION_COOKIE)?.value;
  return {
    host: hostOfRequest(h, getEnv().HOST_OVERRIDE_SECRET),
    siteVersionCookie: c.get(SITE_VERSION_COOKIE)?.value,
    acceptLanguage: h.get('accept-language'),
    sessionToken: token && /^[A-Za-z0-9_-]{43}$/.test(token) ? token : null,
    https,
    ip: clientIpFrom({ headers: h }, getEnv().TRUSTED_PROXY_HOPS),
    // A page is a browser's: it is never authorised by a desktop app's access token.
    bearerToken: null,
    origin: h.get('origin'),
    userAgent: h.get('user-agent')?.slice(0, 512) ?? null,
  };
}
