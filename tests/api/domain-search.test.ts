import { beforeAll, describe, expect, it } from 'vitest';
import { appDb } from '@/lib/db/app-db';
import { seedDemoData } from '@/features/demo/server/demo-seed.server';
import { GET } from '@/app/api/domains/search/route';
import { apiRequest } from '../support/requests';

const noContext = undefined as never;

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});
const GB = { 'accept-language': 'en-GB' };

async function search(q: string, headers: Record<string, string> = GB, host?: string) {
  const response = await GET(
    apiRequest(`/api/domains/search?q=${encodeURIComponent(q)}`, { headers, host }),
    noContext,
  );
  return { status: response.status, body: await response.json() };
}

describe('GET /api/domains/search (registry provider)', () => {
  it('answers every TLD of the price list, the exact name first, then featured TLDs', async () => {
    const { status, body } = await search('example.com');
    expect(status).toBe(200);
    const results = body.data.results;
    expect(results[0]).toEqual({
      domain: 'example.com',
      display: 'example.com',
      tld: 'com',
      status: 'taken',
      kind: 'exact',
      price: {
        register: { net: 1049, gross: 1259 },
        renew: { net: 1299, gross: 1559 },
        transfer: { net: 1049, gross: 1259 },
      },
    });
    const tlds = results.filter((r: any) => r.kind !== 'suggestion').map((r: any) => r.tld);
    expect(tlds).toEqual(['com', 'co.uk', 'uk', 'app', 'link', 'org']);
    expect(results.find((r: any) => r.tld === 'link').status).toBe('available');
  });

  it('lists only available name variants as suggestions, after the TLDs', async () => {
    const { body } = await search('brightfox');
    const kinds = body.data.results.map((r: any) => r.kind);
    expect(kinds.indexOf('suggestion')).toBeGreaterThan(kinds.lastIndexOf('tld'));
    const suggestions = body.data.results.filter((r: any) => r.kind === 'suggestion');
    expect(suggestions.length).toBeGreaterThan(0);
    expect(suggestions.every((r: any) => r.status === 'available')).toBe(true);
    expect(suggestions.map((r: any) => r.domain)).toContain('getbrightfox.co.uk');
  });

  it('does not offer a variant that repeats the name’s own first or last word', async () => {
    const { body } = await search('my-shiny-bakery');
    const suggestions = body.data.results
      .filter((r: any) => r.kind === 'suggestion')
      .map((r: any) => r.domain);
    expect(suggestions).toContain('getmy-shiny-bakery.com');
    expect(suggestions).toContain('my-shiny-bakeryhq.com');
    expect(suggestions.filter((d: string) => d.startsWith('mymy'))).toEqual([]);
  });

  it('shows premium names with their own first-year price', async () => {
    const { body } = await search('premium.com');
    expect(body.data.results[0]).toMatchObject({
      domain: 'premium.com',
      status: 'premium',
      price: { register: { net: 199_900, gross: 239_880 }, renew: { net: 1299, gross: 1559 } },
    });
  });

  it('answers in USD without VAT for site version 2, with that version own TLDs', async () => {
    const { body } = await search('taken', { 'accept-language': 'en-US' });
    const us = body.data.results.find((r: any) => r.tld === 'us');
    expect(us).toMatchObject({ domain: 'taken.us', status: 'taken' });
    expect(us.price.register).toEqual({ net: 899, gross: 899 });
    expect(body.data.results.some((r: any) => r.tld === 'co.uk')).toBe(false);
  });

  it('takes an IDN, looks it up in punycode and shows it in Unicode', async () => {
    const { status, body } = await search('Bücher.com');
    expect(status).toBe(200);
    expect(body.data.query).toBe('bücher.com');
    expect(body.data.results[0]).toMatchObject({
      domain: 'xn--bcher-kva.com',
      display: 'bücher.com',
      status: 'taken',
      kind: 'exact',
    });
  });

  it.each([
    ['', 'Type a name to search for, such as yourname or yourname.com.'],
    ['-abc.com', 'A domain cannot start or end with a hyphen, before or after a dot.'],
    ['abc-.com', 'A domain cannot start or end with a hyphen, before or after a dot.'],
    ['ab_c', 'A domain can only have letters, numbers and hyphens: no spaces or other symbols.'],
    ['a'.repeat(64), 'Each part of a domain, between the dots, can be at most 63 characters long.'],
    ['abc..com', 'A domain cannot start with a dot or have two dots in a row.'],
  ])('refuses %j with 400 naming the rule', async (q, rule) => {
    const { status, body } = await search(q);
    expect(status).toBe(400);
    expect(body).toEqual({
      error: {
        code: 'validation_failed',
        message: 'The request is not valid.',
        fields: { q: [rule] },
      },
    });
  });

  it.each(['nul\u0000.com', 'esc\u001b.com'])('refuses %j: no control character', async (q) => {
    const { status, body } = await search(q);
    expect(status).toBe(400);
    expect(body.error.fields).toEqual({ q: ['must not contain control characters'] });
  });

  it('shows a released name available at once, though its "taken" was cached', async () => {
    const { registerSoldDomain, releaseRegisteredDomain } =
      await import('@/features/catalog/server/inventory.server');
    const domain = `lapsed-${process.pid}-${Date.now().toString(36)}.com`;
    const db = await appDb();
    await db.transaction((tx) =>
      registerSoldDomain(tx, { domain, expiresAt: new Date('2030-01-01T00:00:00Z') }),
    );
    expect((await search(domain)).body.data.results[0]).toMatchObject({ domain, status: 'taken' });
    // The end of redemption: the lapse step releases the name inside its own transaction.
    await db.transaction((tx) => releaseRegisteredDomain(tx, domain));
    expect((await search(domain)).body.data.results[0]).toMatchObject({
      domain,
      status: 'available',
    });
  });

  it('refuses an emoji name with 400 saying why, as registries refuse it', async () => {
    const { status, body } = await search('😀.com');
    expect(status).toBe(400);
    expect(body.error.fields.q).toEqual([
      '"😀" cannot be part of a domain name: only letters, digits and hyphens can.',
    ]);
    expect((await search('xn--e28h.com')).status).toBe(400);
  });

  it('answers well-known and reserved names taken, as a registry does', async () => {
    for (const q of ['google.com', 'a.com', 'example.com', 'nic.co.uk']) {
      const { body } = await search(q);
      expect(body.data.results[0]).toMatchObject({ domain: q, kind: 'exact', status: 'taken' });
    }
  });

  it('cleans an address pasted from the browser to its host', async () => {
    const { status, body } = await search('https://www.example.com/path?x=1');
    expect(status).toBe(200);
    expect(body.data.query).toBe('example.com');
    expect(body.data.results[0]).toMatchObject({ domain: 'example.com', status: 'taken' });
  });

  it('refuses a missing q with 400', async () => {
    const response = await GET(apiRequest('/api/domains/search', { headers: GB }), noContext);
    expect(response.status).toBe(400);
    expect((await response.json()).error.fields.q).toBeDefined();
  });
});
