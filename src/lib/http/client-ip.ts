import type { NextRequest } from 'next/server';
import { getEnv } from '@/lib/env';

/**
 * The client's address for rate limits, given how many proxies are trusted. The server
 * (scripts/serve.mjs) sets X-Forwarded-For from the socket, appending to what arrived only when
 * TRUSTED_PROXY_HOPS says proxies stand in front; the client is then the entry that many hops
 * from the right. So a spoofed header changes nothing unless a proxy is trusted by configuration.
 */
export function clientIpFrom(request: { headers: Headers }, trustedHops: number): string {
  const chain = (request.headers.get('x-forwarded-for') ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  if (chain.length === 0) return 'unknown';
  return chain[Math.max(0, chain.length - 1 - trustedHops)]!;
}

/** The client's address under the configured TRUSTED_PROXY_HOPS. */
export function clientIp(request: NextRequest): string {
  return clientIpFrom(request, getEnv().TRUSTED_PROXY_HOPS);
}
