import { secureEqual } from '@/lib/secure-compare';
import { normaliseHost } from './host';

export const HOST_SECRET_HEADER = 'x-host-secret';
export const FORWARDED_HOST_HEADER = 'x-forwarded-host';

export type HostResult = { ok: true; host: string; overridden: boolean } | { ok: false };

/**
 * The host a request is for. The override (SPEC section 4, PRODUCT.md) takes `x-forwarded-host`
 * only when `x-host-secret` matches the configured secret; with no secret configured the override
 * is off. A wrong or missing secret leaves the real Host in force. Answers `ok: false` when the
 * chosen header is not a host name.
 */
export function hostOfRequest(headers: Headers, overrideSecret: string | undefined): HostResult {
  const secret = headers.get(HOST_SECRET_HEADER);
  const forwarded = headers.get(FORWARDED_HOST_HEADER);
  if (overrideSecret && secret !== null && forwarded && secureEqual(secret, overrideSecret)) {
    // A proxy chain may append hosts; the first is the client's.
    const host = normaliseHost(forwarded.split(',')[0]);
    return host ? { ok: true, host, overridden: true } : { ok: false };
  }
  const host = normaliseHost(headers.get('host'));
  return host ? { ok: true, host, overridden: false } : { ok: false };
}
