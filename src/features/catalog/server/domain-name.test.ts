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
      rule: 'Each part of a domain, between the dots, can be at most 63 characters long.',
    });
  });

  it('refuses a name longer than 253 characters', () => {
    const long = Array.from({ length: 5 }, () => 'a'.repeat(60)).join('.');
    expect(parseDomainQuery(long)).toEqual({
      ok: false,
      rule: 'A domain can be at most 253 characters long.',
    });
  });

  it('refuses spaces, underscores and characters UTS #46 rejects', () => {
    expect(parseDomainQuery('my site.com')).toMatchObject({ ok: false });
    expect(parseDomainQuery('my_site.com')).toEqual({
      ok: false,
      rule: 'A domain can only have letters, numbers and hyphens: no spaces or other symbols.',
    });
    expect(parseDomainQuery('exa\u0000mple.com')).toMatchObject({ ok: false });
  });

  it('refuses a punycode label that does not decode', () => {
    expect(parseDomainQuery('xn--a.com')).toEqual({
      ok: false,
      rule: 'This is not a domain name we can read: check its spelling.',
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
