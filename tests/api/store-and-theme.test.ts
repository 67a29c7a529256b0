import { beforeAll, describe, expect, it } from 'vitest';
import { appDatabase } from '@/lib/db/app-db';
import { seedDemoData } from '@/features/demo/server/demo-seed.server';
import { GET as getStore, POST as postStore } from '@/app/api/store/route';
import { GET as getTheme } from '@/app/api/theme/route';
import { apiRequest } from '../support/requests';

const noContext = undefined as never;

beforeAll(async () => {
  await seedDemoData((await appDatabase()).db, { demoStores: true });
});

const CONFIG_FIELDS = [
  'is_yay',
  'is_cs',
  'is_cs_customer',
  'is_reseller',
  'store_name',
  'store_type_id',
  'store_uuid',
  'domain_name',
  'dashboard_only',
  'default_theme',
  'theme_id',
].sort();

describe('GET /api/store', () => {
  it.each([
    ['nameport.localhost', 'Nameport', 1, 'domain_brand'],
    ['callwave.localhost', 'Callwave', 1252, 'telephony_brand'],
    ['acme.localhost', 'Acme Voice', 4, 'white_label'],
    ['bytes.localhost:3000', 'Bytes Domains', 4, 'white_label'],
  ])('answers the store of %s', async (host, name, keywordId, keywordName) => {
    const response = await getStore(apiRequest('/api/store', { host }), noContext);
    expect(response.status).toBe(200);
    const { data } = await response.json();
    expect(Object.keys(data).sort()).toEqual(['brand', 'config', 'theme', 'tlds', 'variables']);
    expect(data.brand).toEqual({ keyword_id: keywordId, keyword_name: keywordName });
    expect(data.config.store_name).toBe(name);
    expect(Object.keys(data.config).sort()).toEqual(CONFIG_FIELDS);
    expect(data.config.store_type_id).toBe(1);
    expect(data.theme.logoSet.primary).toMatch(/^\/brands\//);
  });

  it('lists the domain brand GB prices with 20% VAT for en-GB visitors', async () => {
    const response = await getStore(
      apiRequest('/api/store', { headers: { 'accept-language': 'en-GB,en;q=0.9' } }),
      noContext,
    );
    const { data } = await response.json();
    expect(data.tlds.map((t: { name: string }) => t.name)).toEqual([
      'APP',
      'CO.UK',
      'COM',
      'LINK',
      'ORG',
      'UK',
    ]);
    for (const { cost } of data.tlds) {
      expect(Number.isInteger(cost.net)).toBe(true);
      expect(cost.gross).toBe(cost.net + Math.floor((cost.net * 20 + 50) / 100));
    }
    expect(data.tlds.find((t: { name: string }) => t.name === 'COM').cost).toEqual({
      net: 1049,
      gross: 1259,
    });
  });

  it('lists the domain brand US prices without VAT for other visitors', async () => {
    const response = await getStore(
      apiRequest('/api/store', { headers: { 'accept-language': 'en-US' } }),
      noContext,
    );
    const { data } = await response.json();
    expect(data.tlds.map((t: { name: string }) => t.name)).toEqual([
      'APP',
      'CO',
      'COM',
      'LINK',
      'ORG',
      'US',
    ]);
    for (const { cost } of data.tlds) expect(cost.gross).toBe(cost.net);
  });

  it('answers 404 store_not_found for an unknown host', async () => {
    const response = await getStore(
      apiRequest('/api/store', { host: 'unknown.localhost' }),
      noContext,
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      error: { code: 'store_not_found', message: 'No store is configured for this address.' },
    });
  });

  it.each(['a..b', '-bad.example', 'host:99999', '[::1]', 'white space.example'])(
    'answers 400 invalid_host for the Host header %j',
    async (host) => {
      const request = apiRequest('/api/store');
      request.headers.set('host', host);
      const response = await getStore(request, noContext);
      expect(response.status).toBe(400);
      expect((await response.json()).error.code).toBe('invalid_host');
    },
  );

  it('answers 405 in the error format for other methods', async () => {
    const response = await postStore();
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect((await response.json()).error.code).toBe('method_not_allowed');
  });
});

describe('GET /api/theme', () => {
  it('answers config, theme and variables, with tlds only when asked', async () => {
    const without = await (
      await getTheme(apiRequest('/api/theme', { host: 'harbor.localhost' }), noContext)
    ).json();
    expect(Object.keys(without.data).sort()).toEqual(['config', 'theme', 'variables']);
    const withTlds = await (
      await getTheme(apiRequest('/api/theme?tlds=true', { host: 'harbor.localhost' }), noContext)
    ).json();
    expect(Object.keys(withTlds.data).sort()).toEqual(['config', 'theme', 'tlds', 'variables']);
    expect(withTlds.data.theme.primaryColor).toBe('#1e40af');
    const off = await (
      await getTheme(apiRequest('/api/theme?tlds=false', { host: 'harbor.localhost' }), noContext)
    ).json();
    expect(off.data.tlds).toBeUndefined();
  });

  it('answers 400 with the field for a malformed tlds flag', async () => {
    const response = await getTheme(apiRequest('/api/theme?tlds=maybe'), noContext);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 'validation_failed',
        message: 'The query is not valid.',
        fields: { tlds: ['must be true or false'] },
      },
    });
  });

  it('answers 400 for a repeated tlds flag', async () => {
    const response = await getTheme(apiRequest('/api/theme?tlds=true&tlds=false'), noContext);
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields).toEqual({ tlds: ['give tlds once'] });
  });
});
