import { describe, expect, it } from 'vitest';
import { parseDomainQuery, splitDomain, toAsciiDomain, toUnicode } from './domain-name.server';

describe('parseDomainQuery', () => {
  it('splits a full domain into its first label and the rest', () => {
    expect(parseDomainQuery('Example.CO.UK')).toEqual({
      ok: true,
      value: { name: 'example', tld: 'co.uk' },
    });
    expect(parseDomainQuery('  brightfox ')).toEqual({
      ok: true,
      value: { name: 'brightfox', tld: null },
    });
  });

  it('drops a leading www. and a trailing dot, as people type them', () => {
    expect(parseDomainQuery('www.example.com.')).toEqual({
      ok: true,
      value: { name: 'example', tld: 'com' },
    });
  });

  it('converts an IDN to punycode and back', () => {
    expect(parseDomainQuery('münchen.de')).toEqual({
      ok: true,
      value: { name: 'xn--mnchen-3ya', tld: 'de' },
    });
    expect(toUnicode('xn--mnchen-3ya.de')).toBe('münchen.de');
  });

  it('accepts 63-character labels and refuses 64', () => {
    expect(parseDomainQuery(`${'a'.repeat(63)}.com`).ok).toBe(true);
    expect(parseDomainQuery(`${'a'.repeat(64)}.com`)).toEqual({
      ok: false,
      rule: 'each label must have 1-63 characters',
    });
  });

  it('refuses a name longer than 253 characters', () => {
    const long = Array.from({ length: 5 }, () => 'a'.repeat(60)).join('.');
    expect(parseDomainQuery(long)).toEqual({
      ok: false,
      rule: 'a domain has at most 253 characters',
    });
  });

  it('refuses spaces, underscores and characters UTS #46 rejects', () => {
    expect(parseDomainQuery('my site.com')).toMatchObject({ ok: false });
    expect(parseDomainQuery('my_site.com')).toEqual({
      ok: false,
      rule: 'labels may only contain letters, digits and hyphens',
    });
    expect(parseDomainQuery('exa\u0000mple.com')).toMatchObject({ ok: false });
  });

  it('refuses a punycode label that does not decode', () => {
    expect(parseDomainQuery('xn--a.com')).toEqual({
      ok: false,
      rule: 'not a valid internationalised domain name',
    });
  });
});

describe('toAsciiDomain and splitDomain', () => {
  it('needs a TLD', () => {
    expect(toAsciiDomain('example')).toBeNull();
    expect(toAsciiDomain('Bücher.com')).toBe('xn--bcher-kva.com');
  });

  it('matches the longest TLD of the price list and only one name label', () => {
    expect(splitDomain('example.co.uk', ['uk', 'co.uk'])).toEqual({
      name: 'example',
      tld: 'co.uk',
    });
    expect(splitDomain('a.b.com', ['com'])).toBeNull();
  });
});
