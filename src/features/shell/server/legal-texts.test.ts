import { describe, expect, it } from 'vitest';
import {
  SECURE_SESSION_COOKIE,
  SESSION_COOKIE,
  SITE_VERSION_COOKIE,
  XSRF_COOKIE,
} from '@/lib/http/cookie-names';
import { VAT_COOKIE } from '@/features/pricing/vat-display';
import { BUILT_IN_BRANDS } from '@/features/tenancy/brands';
import { storeFromBrand } from '@/features/tenancy/resolve-store';
import type { Store } from '@/features/tenancy/store-types';
import { variablesSchema } from '@/features/tenancy/variables-schema';
import { legalText } from './legal-texts.server';

const nameport = storeFromBrand(BUILT_IN_BRANDS.nameport, []);
const shop: Store = {
  ...nameport,
  key: 'shop',
  keywordId: 4,
  config: { ...nameport.config, store_name: 'Shop', domain_name: 'shop.example' },
  variables: variablesSchema.parse({
    companyName: 'Shop Trading Ltd',
    supportEmail: 'care@shop.example',
    supportA1: '2 Mill Lane',
    supportCity: 'York',
    supportZip: 'YO1 7HH',
    supportCountry: 'United Kingdom',
  }),
};

describe('default legal texts', () => {
  it('writes the support number as people read it, whatever way it was stored', () => {
    const stored = { ...shop, variables: { ...shop.variables, supportNumber: '+441134960011' } };
    expect(legalText(stored, 'terms')).toContain('by telephone on 0113 496 0011');
  });

  it.each(['terms', 'privacy', 'cookies'] as const)(
    '%s names the store, who runs it, where and how to reach them',
    (page) => {
      const text = legalText(shop, page);
      expect(text).toContain('Shop');
      expect(text).toContain('Shop Trading Ltd');
      expect(text).toContain('2 Mill Lane, York, YO1 7HH, United Kingdom');
      expect(text).toContain('care@shop.example');
    },
  );

  it('names the company that sells and invoices when it is not the store, and only then', () => {
    const platform = {
      trading_name: 'Nameport Ltd',
      legal_name: 'Nameport Ltd',
      address: ['1 Harbour Street', 'London'],
      vat_number: 'GB123456789',
      company_number: null,
      email: null,
      time_zone: 'Europe/London',
      bank: null,
    };
    const seller = 'Nameport Ltd (VAT number GB123456789), 1 Harbour Street, London,';
    expect(legalText(shop, 'terms', platform)).toContain(
      `What you buy here is sold to you by ${seller} which runs this shop for Shop: you pay it, your invoices name it as the supplier`,
    );
    expect(legalText(shop, 'privacy', platform)).toContain(
      `${seller} which sells what you buy here, sees your orders, billing details and payments.`,
    );
    expect(legalText(shop, 'terms', platform)).toContain(
      'governed by the law of the country where Nameport Ltd is established',
    );
    for (const page of ['terms', 'privacy'] as const) {
      expect(legalText(shop, page)).not.toContain('Nameport');
    }
  });

  it('sells in the terms only what the store offers', () => {
    expect(legalText(shop, 'terms')).toContain('business phone numbers and call plans');
    expect(legalText(shop, 'terms')).not.toContain('domain');
    const callwave = storeFromBrand(BUILT_IN_BRANDS.callwave, []);
    expect(legalText(callwave, 'terms')).toContain('Nothing is sold on this site');
    expect(legalText(callwave, 'terms')).not.toContain('What we sell');
  });

  it('lists every cookie the product sets', () => {
    const text = legalText(shop, 'cookies');
    for (const name of [
      SESSION_COOKIE,
      SECURE_SESSION_COOKIE,
      XSRF_COOKIE,
      SITE_VERSION_COOKIE,
      VAT_COOKIE,
    ]) {
      expect(text).toContain(name);
    }
  });

  it("mentions the tag manager's cookies only where the store turned it on", () => {
    expect(legalText(shop, 'cookies')).not.toMatch(/Google Tag Manager/);
    const tagged = {
      ...shop,
      variables: { ...shop.variables, gtmId: 'GTM-ABC1234', gtmEnabled: true },
    };
    expect(legalText(tagged, 'cookies')).toMatch(/Google Tag Manager \(GTM-ABC1234\)/);
  });

  it("gives the store's own text where it has one", () => {
    const own = {
      ...shop,
      variables: { ...shop.variables, privacyText: '## Ours\nOur own words.' },
    };
    expect(legalText(own, 'privacy')).toBe('## Ours\nOur own words.');
    expect(legalText(own, 'terms')).toContain('Shop Trading Ltd');
  });
});
