import { describe, expect, it } from 'vitest';
import {
  currencyOf,
  resolveSiteVersion,
  siteVersionFromAcceptLanguage,
  siteVersionOf,
  siteVersionOfCurrency,
} from './site-version';

describe('site version', () => {
  it('is 1 (GBP) when Accept-Language includes en-GB', () => {
    expect(siteVersionFromAcceptLanguage('en-GB')).toBe(1);
    expect(siteVersionFromAcceptLanguage('fr-FR,en-GB;q=0.7,en;q=0.5')).toBe(1);
    expect(siteVersionFromAcceptLanguage('EN-gb')).toBe(1);
  });

  it('is 2 (USD) for any other locale or none', () => {
    expect(siteVersionFromAcceptLanguage('en-US,en;q=0.9')).toBe(2);
    expect(siteVersionFromAcceptLanguage('en')).toBe(2);
    expect(siteVersionFromAcceptLanguage('')).toBe(2);
    expect(siteVersionFromAcceptLanguage(null)).toBe(2);
    expect(siteVersionFromAcceptLanguage('xen-gbx')).toBe(2);
  });

  it('does not count en-GB refused with q=0', () => {
    expect(siteVersionFromAcceptLanguage('en-US, en-GB;q=0')).toBe(2);
  });

  it('prefers the visitor cookie, and ignores a cookie of an unknown version', () => {
    expect(resolveSiteVersion({ cookie: '2', acceptLanguage: 'en-GB' })).toBe(2);
    expect(resolveSiteVersion({ cookie: '1', acceptLanguage: 'en-US' })).toBe(1);
    expect(resolveSiteVersion({ cookie: '3', acceptLanguage: 'en-GB' })).toBe(1);
    expect(resolveSiteVersion({ cookie: 'x', acceptLanguage: 'de' })).toBe(2);
  });

  it('turns a site version into its currency and back, and refuses anything else', () => {
    expect([currencyOf(1), currencyOf(2)]).toEqual(['GBP', 'USD']);
    expect([siteVersionOfCurrency('GBP'), siteVersionOfCurrency('USD')]).toEqual([1, 2]);
    expect([siteVersionOf(1), siteVersionOf(2)]).toEqual([1, 2]);
    expect(() => siteVersionOf(3)).toThrow(RangeError);
    expect(() => siteVersionOfCurrency('EUR')).toThrow(RangeError);
  });
});
