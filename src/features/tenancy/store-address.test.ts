import { describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/env';
import { BUILT_IN_BRANDS } from './brands';
import { storeFromBrand } from './resolve-store';
import { storeOrigin, storeUrl } from './store-address';
import type { Store } from './store-types';

const nameport = storeFromBrand(BUILT_IN_BRANDS.nameport, []);
const callwave = storeFromBrand(BUILT_IN_BRANDS.callwave, []);
const whiteLabel = (domain: string): Store => ({
  ...nameport,
  key: domain,
  keywordId: 4,
  config: { ...nameport.config, domain_name: domain, store_name: 'Shop' },
});
const acme = whiteLabel('acme.localhost');
const shop = whiteLabel('shop.example');

const production = parseEnv({});
const localPort = parseEnv({ PORT: '4200' });

describe("a store's public address", () => {
  it('puts the built-in brands on www. of their domain, white-label stores on theirs', () => {
    expect(storeOrigin(nameport, production)).toBe('https://www.nameport.example');
    expect(storeOrigin(callwave, production)).toBe('https://www.callwave.example');
    expect(storeOrigin(shop, production)).toBe('https://shop.example');
  });

  it('keeps the port a local store is served on, in every address made for it', () => {
    expect(storeOrigin(acme, localPort)).toBe('http://acme.localhost:4200');
    expect(storeUrl(acme, '/sitemap.xml', localPort)).toBe(
      'http://acme.localhost:4200/sitemap.xml',
    );
    expect(storeOrigin(acme, parseEnv({ PORT: '4200', STORE_LINK_PORT: '8080' }))).toBe(
      'http://acme.localhost:8080',
    );
  });

  it('leaves absolute addresses as they are', () => {
    expect(storeUrl(shop, 'https://cdn.example/logo.svg', production)).toBe(
      'https://cdn.example/logo.svg',
    );
  });

  it('takes the scheme and port of store links for production domains', () => {
    const env = parseEnv({ STORE_LINK_SCHEME: 'https', STORE_LINK_PORT: '8443' });
    expect(storeOrigin(shop, env)).toBe('https://shop.example:8443');
    expect(storeOrigin(nameport, env)).toBe('https://www.nameport.example:8443');
  });

  it('with local links, sends every store to the host it is served on locally', () => {
    const local = parseEnv({ STORE_LINK_SCHEME: 'http', STORE_LINK_PORT: '4200' });
    expect(storeOrigin(nameport, local)).toBe('http://nameport.localhost:4200');
    expect(storeOrigin(callwave, local)).toBe('http://callwave.localhost:4200');
    expect(storeOrigin(acme, local)).toBe('http://acme.localhost:4200');
  });

  it("takes a built-in brand's local host from its configured host group", () => {
    const env = parseEnv({
      STORE_LINK_SCHEME: 'http',
      PORT: '5000',
      DOMAIN_BRAND_HOSTS: 'nameport.example,np.test,names.localhost,localhost',
      TELEPHONY_BRAND_HOSTS: 'callwave.example,localhost.callwave.example',
    });
    expect(storeOrigin(nameport, env)).toBe('http://names.localhost:5000');
    // A group without a local name keeps the brand's public address.
    expect(storeOrigin(callwave, env)).toBe('http://www.callwave.example');
  });
});
