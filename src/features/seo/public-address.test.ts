import { describe, expect, it } from 'vitest';
import { storeLink } from '@/features/mail/store-link';
import { BUILT_IN_BRANDS } from '@/features/tenancy/brands';
import { storeFromBrand } from '@/features/tenancy/resolve-store';
import type { Store } from '@/features/tenancy/store-types';
import { organizationJsonLd, websiteJsonLd } from './json-ld';
import { robotsTxt, sitemapXml } from './server/site-files.server';

const nameport = storeFromBrand(BUILT_IN_BRANDS.nameport, []);
const acme: Store = {
  ...nameport,
  key: 'acme',
  keywordId: 4,
  config: { ...nameport.config, domain_name: 'acme.localhost', store_name: 'Acme Voice' },
};

describe('the address pages and files give a store', () => {
  it('is the address its mails link to, port included', async () => {
    for (const store of [acme, nameport]) {
      const mailed = new URL(storeLink(store, '/activate?token=x')).origin;
      expect(websiteJsonLd(store).url).toBe(mailed);
      expect(organizationJsonLd(store).url).toBe(mailed);
      expect(await robotsTxt(store).text()).toContain(`Sitemap: ${mailed}/sitemap.xml`);
      expect(await sitemapXml(store).text()).toContain(`<loc>${mailed}/</loc>`);
    }
  });

  it('names a local store with the port it is served on', () => {
    expect(websiteJsonLd(acme).url).toMatch(/^http:\/\/acme\.localhost:\d+$/);
  });
});
