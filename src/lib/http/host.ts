import { secureEqual } from '@/lib/secure-compare';

/**
 * Host names as requests carry them: normalisation of a Host header and the host override
 * (docs/contract/brands-and-hosts.md). No business rule here; which store a host reaches is
 * tenancy's.
 */

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * Lower-cases a Host header value and drops its port and a trailing dot. Answers null for anything
 * that is not a DNS host name (IP literals with brackets, empty labels, odd characters, over 253).
 */
export function normaliseHost(raw: string | null | undefined): string | null {
  if (!raw || raw.length > 260) return null;
  const match = /^([^:]+)(?::(\d{1,5}))?$/.exec(raw.trim().toLowerCase());
  if (!match) return null;
  const [, name = '', port] = match;
  if (port !== undefined && Number(port) > 65535) return null;
  const host = name.endsWith('.') ? name.slice(0, -1) : name;
  if (host.length === 0 || host.length > 253) return null;
  return host.split('.').every((label) => LABEL.test(label)) ? host : null;
}

export const HOST_SECRET_HEADER = 'x-host-secret';
export const FORWARDED_HOST_HEADER = 'x-forwarded-host';

export type HostResult = { ok: true; host: string; overridden: boolean } | { ok: false };

/**
 * The host a request is for. The override (docs/contract/brands-and-hosts.md) takes
 * `x-forwarded-host` only when `x-host-secret` matches the configured secret; with no secret
 * configured the override is off. A wrong or missing secret leaves the real Host in force. Answers
 * `ok: false` when the chosen header is not a host name.
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
