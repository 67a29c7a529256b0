import { describe, expect, it } from 'vitest';
import { GET, PUT } from '@/app/api/site-version/route';
import { GET as getToken } from '@/app/api/token/route';
import { MAX_JSON_DEPTH, NESTED_TOO_DEEP } from '@/lib/http/read-json';
import { apiRequest } from '../support/requests';

const noContext = undefined as never;

/** Session cookie and CSRF header from GET /api/token, as the client sends them. */
async function csrf(host = 'nameport.localhost'): Promise<Record<string, string>> {
  const response = await getToken(apiRequest('/api/token', { host }), noContext);
  const cookies = response.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const { data } = await response.json();
  return { cookie: cookies.join('; '), 'x-xsrf-token': data.token };
}

/** A PUT /api/site-version carrying the CSRF token of a fresh session. */
async function put(options: Parameters<typeof apiRequest>[1] = {}) {
  const headers = { ...(await csrf()), ...options.headers };
  return PUT(apiRequest('/api/site-version', { method: 'PUT', ...options, headers }), noContext);
}

describe('GET /api/site-version', () => {
  it('answers 1/GBP for en-GB and 2/USD otherwise', async () => {
    const gb = await GET(
      apiRequest('/api/site-version', { headers: { 'accept-language': 'en-GB' } }),
      noContext,
    );
    expect(await gb.json()).toEqual({ data: { site_version: { id: 1, currency: 'GBP' } } });
    const us = await GET(
      apiRequest('/api/site-version', { headers: { 'accept-language': 'de-DE' } }),
      noContext,
    );
    expect(await us.json()).toEqual({ data: { site_version: { id: 2, currency: 'USD' } } });
  });

  it('answers the visitor choice kept in the cookie', async () => {
    const response = await GET(
      apiRequest('/api/site-version', {
        headers: { 'accept-language': 'en-GB', cookie: 'site_version=2' },
      }),
      noContext,
    );
    expect((await response.json()).data.site_version).toEqual({ id: 2, currency: 'USD' });
  });
});

describe('PUT /api/site-version', () => {
  it('keeps the choice in a cookie that the next GET answers', async () => {
    const answer = await put({ json: { id: 1 } });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ data: { site_version: { id: 1, currency: 'GBP' } } });
    const cookie = answer.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^site_version=1;/);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=lax/i);
    const get = await GET(
      apiRequest('/api/site-version', {
        headers: { 'accept-language': 'en-US', cookie: cookie.split(';')[0]! },
      }),
      noContext,
    );
    expect((await get.json()).data.site_version).toEqual({ id: 1, currency: 'GBP' });
  });

  const bad: [string, Parameters<typeof apiRequest>[1], number, string][] = [
    ['an unknown site version', { json: { id: 3 } }, 400, 'validation_failed'],
    ['a string id', { json: { id: '1' } }, 400, 'validation_failed'],
    ['a missing id', { json: {} }, 400, 'validation_failed'],
    ['an unknown field', { json: { id: 1, currency: 'EUR' } }, 400, 'validation_failed'],
    ['a JSON array', { json: [1] }, 400, 'validation_failed'],
    ['JSON null', { json: null }, 400, 'validation_failed'],
    [
      'bad JSON',
      { body: '{"id": 1', headers: { 'content-type': 'application/json' } },
      400,
      'invalid_json',
    ],
    [
      'an empty body',
      { body: '', headers: { 'content-type': 'application/json' } },
      400,
      'invalid_json',
    ],
    [
      'invalid UTF-8',
      { body: new Uint8Array([0x7b, 0xff, 0x7d]), headers: { 'content-type': 'application/json' } },
      400,
      'invalid_json',
    ],
    [
      'a form body',
      { body: 'id=1', headers: { 'content-type': 'application/x-www-form-urlencoded' } },
      415,
      'unsupported_media_type',
    ],
    ['no content type', { body: '{"id":1}' }, 415, 'unsupported_media_type'],
    ['an oversized body', { json: { id: 1, pad: 'x'.repeat(20_000) } }, 413, 'payload_too_large'],
    [
      'arrays nested 8,000 deep (16 KB of brackets)',
      {
        body: `${'['.repeat(8000)}${']'.repeat(8000)}`,
        headers: { 'content-type': 'application/json' },
      },
      400,
      'validation_failed',
    ],
    ['an unknown host', { json: { id: 1 }, host: 'nowhere.localhost' }, 404, 'store_not_found'],
  ];

  it.each(bad)('refuses %s', async (_name, options, status, code) => {
    const response = await put(options);
    expect(response.status).toBe(status);
    const body = await response.json();
    expect(body.error.code).toBe(code);
    expect(typeof body.error.message).toBe('string');
    expect(response.headers.get('set-cookie')).toBeNull();
  });

  it('names the field and the rule broken', async () => {
    const response = await put({ json: { id: 9 } });
    expect((await response.json()).error.fields).toEqual({ id: ['must be 1 (GBP) or 2 (USD)'] });
  });

  it('says a body nested too deep is nested too deep, at any depth', async () => {
    for (const depth of [MAX_JSON_DEPTH + 1, 8000]) {
      const response = await put({
        body: `{"id":${'['.repeat(depth - 1)}${']'.repeat(depth - 1)}}`,
        headers: { 'content-type': 'application/json' },
      });
      expect(response.status).toBe(400);
      expect((await response.json()).error.fields).toEqual({ '(body)': [NESTED_TOO_DEEP] });
    }
  });

  it('refuses a body larger than declared limit before reading it', async () => {
    const response = await put({
      body: '{"id":1}',
      headers: { 'content-type': 'application/json', 'content-length': '10000000' },
    });
    expect(response.status).toBe(413);
  });

  it.each([
    ['no token at all', async () => ({})],
    ['a session cookie but no header', async () => ({ cookie: (await csrf()).cookie })],
    [
      'the token of another session',
      async () => ({ ...(await csrf()), 'x-xsrf-token': (await csrf())['x-xsrf-token']! }),
    ],
    [
      'a cross-site Origin',
      async () => ({ ...(await csrf()), origin: 'https://attacker.example' }),
    ],
  ])('refuses %s with 403 csrf_mismatch and keeps no choice', async (_name, headers) => {
    const response = await PUT(
      apiRequest('/api/site-version', { method: 'PUT', json: { id: 1 }, headers: await headers() }),
      noContext,
    );
    expect(response.status).toBe(403);
    expect((await response.json()).error.code).toBe('csrf_mismatch');
    expect(response.headers.get('set-cookie')).toBeNull();
  });
});
