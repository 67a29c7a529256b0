import { describe, expect, it } from 'vitest';
import { NextRequest } from 'next/server';
import { parseEnv } from '@/lib/env';
import { clientIpFrom } from './client-ip';

const request = (xff?: string) =>
  new NextRequest('http://nameport.localhost/api/login', {
    headers: xff ? { 'x-forwarded-for': xff } : {},
  });

describe('clientIpFrom', () => {
  it('takes the address the server wrote when no proxy is trusted', () => {
    expect(clientIpFrom(request('192.0.2.9'), 0)).toBe('192.0.2.9');
  });

  it('with one trusted proxy, takes the entry before the proxy, never a made-up first entry', () => {
    // What scripts/serve.mjs forwards: the chain the proxy built, then the proxy's own address.
    expect(clientIpFrom(request('6.6.6.6, 192.0.2.9, 10.0.0.2'), 1)).toBe('192.0.2.9');
  });

  it('answers "unknown" without the header', () => {
    expect(clientIpFrom(request(), 0)).toBe('unknown');
  });

  it('reads TRUSTED_PROXY_HOPS from the configuration, 0 to 5', () => {
    expect(parseEnv({}).TRUSTED_PROXY_HOPS).toBe(0);
    expect(() => parseEnv({ TRUSTED_PROXY_HOPS: '9' })).toThrow(/TRUSTED_PROXY_HOPS/);
  });
});
