import { NextResponse } from 'next/server';
import { getEnv } from '@/lib/env';
import { ApiError } from '@/lib/http/api-response';
import { apiRoute, methodNotAllowed } from '@/lib/http/api-route';
import { normaliseHost } from '@/lib/http/host';
import { consumeLimits, type LimitRule } from '@/lib/rate-limit/limiter';
import { secureEqual } from '@/lib/secure-compare';
import { isServedHost } from '@/features/store-admin/hosts/hosts.server';

/** Asks per host and minute (docs/decisions/0216): a renewal storm for one name stays bounded. */
export const TLS_ASK_LIMIT: LimitRule = { name: 'tls-ask:host', points: 20, duration: 60 };

/**
 * Caddy's on-demand TLS `ask` (issue 29): `?domain={host}&secret={TLS_ASK_SECRET}` -> 200 when
 * the host may have a certificate, 404 `not_served` otherwise. The secret (query, as Caddy can
 * send no header, or `x-tls-ask-secret`) keeps it to the front; without TLS_ASK_SECRET configured
 * the call is off (403), docs/decisions/0215. No remote call: one indexed read.
 */
export const GET = apiRoute(async (request) => {
  const url = new URL(request.url);
  const configured = getEnv().TLS_ASK_SECRET;
  const given = request.headers.get('x-tls-ask-secret') ?? url.searchParams.get('secret') ?? '';
  if (!configured || !secureEqual(given, configured))
    throw new ApiError(403, 'forbidden', 'Only the TLS front may ask.');
  const domain = url.searchParams.get('domain');
  if (!domain || domain.length > 260 || /[\u0000-\u001f\u007f]/.test(domain))
    throw new ApiError(400, 'invalid_domain', 'Give ?domain= a host name.', {
      domain: ['must be a host name'],
    });
  const host = normaliseHost(domain);
  await consumeLimits([[TLS_ASK_LIMIT, host ?? 'invalid']]);
  if (!host || !(await isServedHost(host)))
    throw new ApiError(404, 'not_served', 'No store is served on this host.');
  return new NextResponse(null, { status: 200 });
});

export const POST = methodNotAllowed(['GET']);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
