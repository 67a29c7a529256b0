import type { NextRequest } from 'next/server';
import { getEnv } from '@/lib/env';
import { clientIp } from './client-ip';
import { SITE_VERSION_COOKIE } from './cookie-names';
import { hostOfRequest, type HostResult } from './host';
import { isHttps, sessionTokenOf } from './session-cookie';

/**
 * What the product needs to know of an HTTP request, as plain values. Routes read it once and
 * hand it to the features, which never see a request object (docs/decisions/0050).
 */
export type RequestInput = {
  /** The host the request is for, after the host override (docs/contract/brands-and-hosts.md). */
  host: HostResult;
  siteVersionCookie: string | undefined;
  acceptLanguage: string | null;
  /** The session id the browser sent, when it looks like one of ours. */
  sessionToken: string | null;
  https: boolean;
  /** The client's address for rate limits and the activity log. */
  ip: string;
  /** An `Authorization: Bearer` token (RFC 6750), when the request carries one. */
  bearerToken: string | null;
  /** The browser's `Origin` header (a passkey's signature names the origin it was made for). */
  origin: string | null;
  /** The `User-Agent` header, for the list of signed-in devices. */
  userAgent: string | null;
};

/** The token of an `Authorization: Bearer <token>` header; null for none or another scheme. */
export function bearerTokenOf(headers: Headers): string | null {
  const match = /^Bearer +([A-Za-z0-9\-._~+/]+=*) *$/i.exec(headers.get('authorization') ?? '');
  return match ? match[1]! : null;
}

export function requestInput(request: NextRequest): RequestInput {
  return {
    host: hostOfRequest(request.headers, getEnv().HOST_OVERRIDE_SECRET),
    siteVersionCookie: request.cookies.get(SITE_VERSION_COOKIE)?.value,
    acceptLanguage: request.headers.get('accept-language'),
    sessionToken: sessionTokenOf(request),
    https: isHttps(request),
    ip: clientIp(request),
    bearerToken: bearerTokenOf(request.headers),
    origin: request.headers.get('origin'),
    userAgent: request.headers.get('user-agent')?.slice(0, 512) ?? null,
  };
}
