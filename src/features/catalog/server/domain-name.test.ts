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

  it('shows a plain name as it is and decodes Punycode in any label', () => {
    expect(toUnicode('bench-name.co.uk')).toBe('bench-name.co.uk');
    expect(toUnicode('shop.xn--p1ai')).toBe('shop.рф');
    expect(toUnicode('xn--mnchen-3ya.xn--p1ai')).toBe('münchen.рф');
    // Not Punycode: "xn--" inside a label, and a label UTS 46 refuses, are shown as they are.
    expect(toUnicode('axn--b.com')).toBe('axn--b.com');
    expect(toUnicode('xn--zz.com')).toBe('xn--zz.com');
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

describe('IDNA2008 and pasted addresses', () => {
  it.each(['😀.com', 'xn--e28h.com', '☃.com', 'i❤.com', 'a⁉.com'])(
    'refuses %j: emoji and symbols are not letters of any script',
    (q) => {
      expect(parseDomainQuery(q)).toMatchObject({ ok: false });
    },
  );

  it('names the character it refuses', () => {
    expect(parseDomainQuery('😀.com')).toEqual({
      ok: false,
      rule: '"😀" cannot be part of a domain name: only letters, digits and hyphens can.',
    });
  });

  it('keeps ß and ς as they are (non-transitional) and takes real scripts', () => {
    expect(toAsciiDomain('faß.de')).toBe('xn--fa-hia.de');
    expect(toAsciiDomain('παράδειγμα.com')).not.toBeNull();
    expect(toAsciiDomain('例え.com')).not.toBeNull();
  });

  it('refuses "--" in the third and fourth places of a plain label, and mixed directions', () => {
    expect(parseDomainQuery('ab--cd.com')).toMatchObject({ ok: false });
    expect(parseDomainQuery('0a.\u05d0')).toMatchObject({ ok: false });
  });

  it.each([
    ['https://www.example.com/path', 'example.com'],
    ['http://user@Example.CO.UK:8080/a?b#c', 'example.co.uk'],
    ['example.com/about', 'example.com'],
  ])('cleans the pasted address %j to its host', (q, domain) => {
    expect(toAsciiDomain(q)).toBe(domain);
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
