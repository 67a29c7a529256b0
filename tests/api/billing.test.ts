import { beforeAll, describe, expect, it } from 'vitest';
import { Agent } from '../support/agent';
import { customerRoutes, signedInCustomer, UK_BILLING, US_BILLING } from '../support/customers';

const routes = await customerRoutes();

beforeAll(async () => {
  const { appDb } = await import('@/lib/db/app-db');
  const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
  await seedDemoData(await appDb(), { demoStores: true });
});

describe('GET/PUT /api/account/billing', () => {
  it('keeps the billing details on the account, normalised, for the next visit', async () => {
    const c = await signedInCustomer(routes);
    expect((await c.getBilling()).body).toEqual({ data: { billing: null } });
    const saved = await c.putBilling(UK_BILLING);
    expect(saved.status).toBe(200);
    const expected = {
      name: 'Grace Hopper',
      company: 'Hopper Computing Ltd',
      line1: '10 Downing Street',
      line2: null,
      city: 'London',
      region: null,
      postcode: 'SW1A 2AA',
      country: 'GB',
      vat_number: 'GB123456789',
    };
    expect(saved.body.data.billing).toEqual(expected);
    expect((await c.getBilling()).body.data.billing).toEqual(expected);
    // A second save replaces the first.
    await c.putBilling(US_BILLING);
    expect((await c.getBilling()).body.data.billing).toMatchObject({
      country: 'US',
      postcode: '94105',
      company: null,
      vat_number: null,
    });
  });

  it('checks a UK VAT number for GB and 9 or 12 digits', async () => {
    const c = await signedInCustomer(routes);
    for (const vat of ['GB12345678', 'GB1234567890', '123456789', 'GB12345678A']) {
      const answer = await c.putBilling({ ...UK_BILLING, vat_number: vat });
      expect(answer.status, vat).toBe(400);
      expect(answer.body.error.fields.vat_number[0]).toMatch(/GB and 9 or 12 digits/);
    }
    expect((await c.putBilling({ ...UK_BILLING, vat_number: 'GB123456789012' })).status).toBe(200);
    // A non-UK customer gives their own country's number.
    const irish = await c.putBilling({
      ...US_BILLING,
      country: 'IE',
      postcode: 'D02 X285',
      vat_number: 'IE6388047V',
    });
    expect(irish.status).toBe(200);
  });

  it('keeps a UK postcode typed without its space as letters write it', async () => {
    const c = await signedInCustomer(routes);
    for (const [typed, kept] of [
      ['sw1a2aa', 'SW1A 2AA'],
      ['M11AE', 'M1 1AE'],
      ['EC1A  1BB', 'EC1A 1BB'],
    ]) {
      const answer = await c.putBilling({ ...UK_BILLING, postcode: typed });
      expect(answer.status, typed).toBe(200);
      expect(answer.body.data.billing.postcode).toBe(kept);
    }
  });

  it('asks a US address for its state, keeps a state given by name as its code, and refuses others', async () => {
    const c = await signedInCustomer(routes);
    const noState = await c.putBilling({ ...US_BILLING, region: null });
    expect(noState.status).toBe(400);
    expect(noState.body.error.fields.region).toEqual(['is required for a US address']);
    expect(
      (await c.putBilling({ ...US_BILLING, region: 'Narnia' })).body.error.fields.region,
    ).toEqual(['must be a US state, e.g. CA or California']);
    expect((await c.getBilling()).body.data.billing).toBeNull();
    const named = await c.putBilling({ ...US_BILLING, region: 'california' });
    expect(named.status).toBe(200);
    expect(named.body.data.billing.region).toBe('CA');
    // Elsewhere a region stays optional and is kept as written.
    const uk = await c.putBilling({ ...UK_BILLING, region: 'Georgia' });
    expect(uk.body.data.billing.region).toBe('Georgia');
  });

  it('refuses a country that is not ISO 3166-1 alpha-2, a missing field and a bad postcode, and keeps nothing', async () => {
    const c = await signedInCustomer(routes);
    const bad = await c.putBilling({ ...UK_BILLING, country: 'UK' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('validation_failed');
    expect(bad.body.error.fields.country).toEqual([
      'must be an ISO 3166-1 alpha-2 country code, e.g. GB',
    ]);
    const noStreet: Record<string, unknown> = { ...UK_BILLING };
    delete noStreet.line1;
    expect((await c.putBilling(noStreet)).body.error.fields.line1).toEqual(['is required']);
    expect(
      (await c.putBilling({ ...UK_BILLING, postcode: '12345' })).body.error.fields.postcode,
    ).toEqual(['must be a UK postcode, e.g. SW1A 1AA']);
    // An empty postcode is said once, as required, not also as malformed.
    expect(
      (await c.putBilling({ ...UK_BILLING, postcode: ' ' })).body.error.fields.postcode,
    ).toEqual(['is required']);
    expect((await c.putBilling({ ...UK_BILLING, price: 1 })).status).toBe(400);
    expect((await c.getBilling()).body.data.billing).toBeNull();
  });

  it.each(['name', 'line1', 'city', 'company', 'vat_number'])(
    'refuses NUL and other control characters in %s with a field error, and keeps nothing',
    async (field) => {
      const c = await signedInCustomer(routes);
      for (const bad of ['\u0000', '\u0007', '\u007f', '\u009b']) {
        const refused = await c.putBilling({ ...UK_BILLING, [field]: `Hop${bad}per` });
        expect(refused.status).toBe(400);
        expect(refused.body.error).toEqual({
          code: 'validation_failed',
          message: 'The request is not valid.',
          fields: { [field]: ['must not contain control characters'] },
        });
      }
      expect((await c.getBilling()).body.data.billing).toBeNull();
    },
  );

  it.each(['name', 'line1', 'city', 'company'])(
    'refuses a line break, a tab or a direction override in %s, which an invoice prints on one line',
    async (field) => {
      const c = await signedInCustomer(routes);
      for (const bad of ['\r\n', '\n', '\t', '\u2028', '\u202e']) {
        const refused = await c.putBilling({ ...UK_BILLING, [field]: `Hop${bad}per` });
        expect(refused.status).toBe(400);
        expect(refused.body.error.fields).toEqual({
          [field]: ['must be one line, without line breaks or direction marks'],
        });
      }
      expect((await c.getBilling()).body.data.billing).toBeNull();
      // Letters of right-to-left scripts are text like any other.
      expect((await c.putBilling({ ...UK_BILLING, [field]: 'שלום Ltd' })).status).toBe(200);
    },
  );

  it('is for signed-in customers, with the CSRF token', async () => {
    const anonymous = new Agent();
    await anonymous.call(routes.token.GET, '/api/token');
    expect((await anonymous.call(routes.billing.GET, '/api/account/billing')).status).toBe(401);
    const c = await signedInCustomer(routes);
    const noToken = await c.agent.call(routes.billing.PUT, '/api/account/billing', {
      method: 'PUT',
      json: UK_BILLING,
      csrf: false,
    });
    expect(noToken.status).toBe(403);
    expect(noToken.body.error.code).toBe('csrf_mismatch');
  });

  it('is the account’s: another account does not see it', async () => {
    const a = await signedInCustomer(routes);
    const b = await signedInCustomer(routes);
    await a.putBilling(UK_BILLING);
    expect((await b.getBilling()).body.data.billing).toBeNull();
  });
});
