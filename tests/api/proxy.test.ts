import { describe, expect, it } from 'vitest';
import { getRewrittenUrl, isRewrite } from 'next/experimental/testing/server';
import { proxy } from '@/proxy';
import { decodeNumbersSegment, decodeSearchSegment } from '@/features/catalog/search-address';
import { apiRequest } from '../support/requests';

describe('proxy', () => {
  it.each(['/check-health', '/api/check-health', '/any/path/check-health/x'])(
    'answers %s itself with 200 and the base page properties',
    async (path) => {
      const response = proxy(
        apiRequest(path, { host: 'unknown.localhost', headers: { 'accept-language': 'en-GB' } }),
      );
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        data: { status: 'ok', path, site_version: { id: 1, currency: 'GBP' } },
      });
    },
  );

  it('answers /check-health even for a malformed host', async () => {
    const request = apiRequest('/check-health');
    request.headers.set('host', 'a..b');
    expect(proxy(request).status).toBe(200);
  });

  it('rewrites pages to /{host}/{siteVersion}/{path}', () => {
    const home = proxy(
      apiRequest('/', { host: 'Acme.localhost:3000', headers: { 'accept-language': 'en-GB' } }),
    );
    expect(isRewrite(home)).toBe(true);
    expect(new URL(getRewrittenUrl(home)!).pathname).toBe('/acme.localhost/1');
    const page = proxy(apiRequest('/domains/pricing?x=1', { host: 'www.nameport.example' }));
    const url = new URL(getRewrittenUrl(page)!);
    expect(url.pathname).toBe('/nameport.example/2/domains/pricing');
    expect(url.search).toBe('?x=1');
  });

  it('rewrites with the visitor site version cookie', () => {
    const response = proxy(
      apiRequest('/', {
        host: 'bytes.localhost',
        headers: { 'accept-language': 'en-GB', cookie: 'site_version=2' },
      }),
    );
    expect(new URL(getRewrittenUrl(response)!).pathname).toBe('/bytes.localhost/2');
  });

  it('names the store of a page for the request log (an internal header serve.mjs removes)', () => {
    const store = (host: string) =>
      proxy(apiRequest('/', { host })).headers.get('x-storefront-store');
    expect(store('acme.localhost')).toBe('acme.localhost');
    expect(store('www.nameport.example')).toBe('nameport');
    expect(store('localhost')).toBe('nameport');
    expect(store('callwave.localhost')).toBe('callwave');
  });

  it('gives each domain search query a path of its own, so its page is cached per query', () => {
    const rewritten = (path: string) =>
      new URL(getRewrittenUrl(proxy(apiRequest(path, { host: 'acme.localhost' })))!);
    const search = rewritten('/domains/search?q=%20caf%C3%A9%2Fone.com%20&page=2');
    const segment = search.pathname.split('/').pop()!;
    expect(search.pathname).toBe(`/acme.localhost/2/domains/search/${segment}`);
    expect(search.search).toBe('');
    expect(decodeSearchSegment(segment)).toBe('café/one.com');
    // The same query is the same page; another query another one.
    expect(rewritten('/domains/search?q=caf%C3%A9/one.com').pathname).toBe(search.pathname);
    expect(rewritten('/domains/search?q=cafe.com').pathname).not.toBe(search.pathname);
    // No query, or only spaces: the search page with the box alone.
    expect(rewritten('/domains/search').pathname).toBe('/acme.localhost/2/domains/search');
    expect(rewritten('/domains/search?q=%20%20').pathname).toBe('/acme.localhost/2/domains/search');
    // The internal form is not an address from outside: it leads to the store's 404 page.
    expect(rewritten(`/domains/search/${segment}`).pathname).toBe(
      `/acme.localhost/2/not-found/domains/search/${segment}`,
    );
  });

  it('gives each number search a path of its own; the free numbers keep /numbers', () => {
    const rewritten = (path: string) =>
      new URL(getRewrittenUrl(proxy(apiRequest(path, { host: 'nameport.localhost' })))!);
    const search = rewritten('/numbers?area=%200161&contains=&x=1');
    const segment = search.pathname.split('/').pop()!;
    expect(search.pathname).toBe(`/nameport.localhost/2/numbers/${segment}`);
    expect(search.search).toBe('');
    expect(decodeNumbersSegment(segment)).toEqual({ area: '0161', contains: '' });
    expect(rewritten('/numbers?area=&contains=').pathname).toBe('/nameport.localhost/2/numbers');
    expect(rewritten('/numbers').pathname).toBe('/nameport.localhost/2/numbers');
    expect(rewritten(`/numbers/${segment}`).pathname).toBe(
      `/nameport.localhost/2/not-found/numbers/${segment}`,
    );
  });

  it('sends the OAuth metadata address (RFC 8414) to its route', () => {
    const response = proxy(apiRequest('/.well-known/oauth-authorization-server'));
    expect(isRewrite(response)).toBe(true);
    expect(new URL(getRewrittenUrl(response)!).pathname).toBe('/api/oauth/metadata');
  });

  it('lets API paths through without a rewrite', () => {
    expect(isRewrite(proxy(apiRequest('/api/store')))).toBe(false);
  });

  it('answers 400 for a malformed host, in the error format on API paths', async () => {
    const api = apiRequest('/api/store');
    api.headers.set('host', 'bad_host!');
    const response = proxy(api);
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('invalid_host');
    const page = apiRequest('/');
    page.headers.set('host', 'bad_host!');
    expect(proxy(page).status).toBe(400);
  });
});

describe('proxy matcher', () => {
  it('runs for pages and any /check-health path, not for API calls or static files', async () => {
    const { unstable_doesMiddlewareMatch } = await import('next/experimental/testing/server');
    const { config } = await import('@/proxy');
    const runs = (url: string) => unstable_doesMiddlewareMatch({ config, url });
    expect(runs('/')).toBe(true);
    expect(runs('/domains/pricing')).toBe(true);
    expect(runs('/check-health')).toBe(true);
    expect(runs('/api/check-health')).toBe(true);
    expect(runs('/svc/x/check-health')).toBe(true);
    expect(runs('/api/store')).toBe(false);
    expect(runs('/svc/account')).toBe(false);
    expect(runs('/_next/static/chunks/app.js')).toBe(false);
    expect(runs('/brands/acme/logo.svg')).toBe(false);
  });
});
