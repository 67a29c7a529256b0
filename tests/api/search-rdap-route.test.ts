import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRdapServer } from '../support/rdap-server';

// This file runs the search route with AVAILABILITY_PROVIDER=rdap; vitest gives each file its own
// modules, so the configuration is read fresh here.
const rdap = await startRdapServer({ taken: ['acme.com', 'acme.uk'], hangTlds: ['org'] });
process.env.AVAILABILITY_PROVIDER = 'rdap';
process.env.RDAP_BASE_URL = rdap.url;
process.env.AVAILABILITY_TIMEOUT_MS = '200';
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
const { GET } = await import('@/app/api/domains/search/route');
const { apiRequest } = await import('../support/requests');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});
afterAll(async () => {
  delete process.env.AVAILABILITY_PROVIDER;
  delete process.env.RDAP_BASE_URL;
  delete process.env.AVAILABILITY_TIMEOUT_MS;
  await rdap.close();
});

describe('GET /api/domains/search with the RDAP provider', () => {
  it('answers from the RDAP server and shows a registry that never answers as unknown', async () => {
    const response = await GET(
      apiRequest('/api/domains/search?q=acme', { headers: { 'accept-language': 'en-GB' } }),
      undefined as never,
    );
    expect(response.status).toBe(200);
    const byDomain = Object.fromEntries(
      (await response.json()).data.results.map((r: any) => [r.domain, r.status]),
    );
    expect(byDomain).toMatchObject({
      'acme.com': 'taken',
      'acme.uk': 'taken',
      'acme.co.uk': 'available',
      'acme.org': 'unknown',
    });
  });
});
