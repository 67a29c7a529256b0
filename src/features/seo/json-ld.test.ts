import { describe, expect, it } from 'vitest';
import { BUILT_IN_BRANDS } from '@/features/tenancy/brands';
import { storeFromBrand } from '@/features/tenancy/resolve-store';
import type { Store } from '@/features/tenancy/store-types';
import { jsonLdText, offerCatalogJsonLd, organizationJsonLd, websiteJsonLd } from './json-ld';

const prices = [
  {
    siteVersion: 1 as const,
    tld: 'com',
    registerNet: 1049,
    renewNet: 1299,
    transferNet: 1049,
    restoreNet: 7000,
    featured: true,
    sortOrder: 0,
  },
  {
    siteVersion: 2 as const,
    tld: 'com',
    registerNet: 1299,
    renewNet: 1599,
    transferNet: 1299,
    restoreNet: 7000,
    featured: true,
    sortOrder: 0,
  },
];
const nameport = storeFromBrand(BUILT_IN_BRANDS.nameport, prices);
const callwave = storeFromBrand(BUILT_IN_BRANDS.callwave, []);
const reseller: Store = {
  ...nameport,
  key: 'x',
  keywordId: 4,
  config: { ...nameport.config, domain_name: 'shop.example', store_name: 'Shop' },
};

describe('structured data', () => {
  it('gives the domain and telephony brands a www. website URL', () => {
    expect(websiteJsonLd(nameport)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'WebSite',
      name: 'Nameport',
      url: 'https://www.nameport.example',
    });
    expect(websiteJsonLd(callwave).url).toBe('https://www.callwave.example');
    expect(websiteJsonLd(reseller).url).toBe('https://shop.example');
  });

  it('describes the organisation with address, contact, logo and opening hours', () => {
    const org = organizationJsonLd(nameport);
    expect(org).toMatchObject({
      '@type': 'Organization',
      name: 'Nameport Ltd',
      telephone: '+44 20 7946 0000',
      email: 'support@nameport.example',
      logo: 'https://www.nameport.example/brands/nameport/logo.svg',
      address: { '@type': 'PostalAddress', addressLocality: 'London', postalCode: 'E1 6AN' },
    });
    expect(org.openingHoursSpecification).toHaveLength(5);
    expect(org.openingHoursSpecification[0]).toEqual({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: 'https://schema.org/Monday',
      opens: '09:00',
      closes: '17:30',
    });
  });

  it('lists TLD prices with currency and whether VAT is included', () => {
    const gb = offerCatalogJsonLd(nameport, 1);
    expect(gb.itemListElement).toHaveLength(1);
    expect(gb.itemListElement[0]).toMatchObject({
      price: '12.59',
      priceCurrency: 'GBP',
      priceSpecification: { valueAddedTaxIncluded: true, priceCurrency: 'GBP' },
    });
    const us = offerCatalogJsonLd(nameport, 2);
    expect(us.itemListElement[0]).toMatchObject({
      price: '12.99',
      priceCurrency: 'USD',
      priceSpecification: { valueAddedTaxIncluded: false },
    });
  });

  it('cannot close its script element', () => {
    expect(jsonLdText({ name: '</script><script>alert(1)</script>' })).not.toContain('</script>');
  });
});
