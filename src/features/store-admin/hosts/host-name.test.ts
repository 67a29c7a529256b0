import { describe, expect, it } from 'vitest';
import { hostLabel, removalQuestion, removedNotice, withHostLabels } from './host-label';
import { addHostSchema, hostNameRule, hostUnicode, parseHostName } from './host-name';

const refusal = (host: string) => {
  const read = addHostSchema.safeParse({ host });
  return read.success ? null : read.error.issues.map((i) => i.message);
};

describe('a host an owner adds follows the domain search’s rules (decisions 0141, 0329)', () => {
  it('refuses an emoji or a symbol, naming it, in words that complete the field’s label', () => {
    expect(refusal('shöp😀.example.com')).toEqual([
      'must not contain "😀": only letters, digits and hyphens can be part of a host name',
    ]);
    expect(refusal('https://♥.example.com/')).toEqual([
      'must not contain "♥": only letters, digits and hyphens can be part of a host name',
    ]);
    // The same host already in punycode, as the URL parser made it before the rule.
    expect(refusal('xn--shp-tna54425d.example.com')).toEqual([
      'must not contain "😀": only letters, digits and hyphens can be part of a host name',
    ]);
    expect(hostNameRule('xn--shp-tna54425d.example.com')).toMatch(/^must not contain "😀"/);
  });

  it('refuses mixed directions and two hyphens in the third and fourth places', () => {
    expect(refusal('aא.example.com')).toEqual(['must be a host name such as shop.example.com']);
    expect(refusal('ab--shop.example.com')).toEqual([
      'cannot have two hyphens as the third and fourth characters between its dots',
    ]);
  });

  it('takes letters of any script, as punycode', () => {
    expect(addHostSchema.parse({ host: 'shöp.example.com' })).toEqual({
      host: 'xn--shp-tna.example.com',
    });
    expect(addHostSchema.parse({ host: 'Straße.example' }).host).toBe('xn--strae-oqa.example');
    expect(addHostSchema.parse({ host: 'www.shop-1.example.com' }).host).toBe(
      'www.shop-1.example.com',
    );
    expect(hostNameRule('xn--shp-tna.example.com')).toBeNull();
  });

  it('keeps the earlier refusals', () => {
    expect(refusal('shop.example.com/page')).toEqual([
      'must be the host name alone, without a path or a port: shop.example.com',
    ]);
    expect(refusal('not a host')).toEqual(['must be a host name such as shop.example.com']);
  });

  it('still reads a host claimed before the rule, so it can be removed', () => {
    expect(parseHostName('xn--shp-tna54425d.example.com')).toBe('xn--shp-tna54425d.example.com');
  });
});

describe('a host as its owner reads it (decision 0329)', () => {
  it('shows an internationalised host in Unicode, its punycode beside it', () => {
    expect(hostUnicode('xn--shp-tna.example.com')).toBe('shöp.example.com');
    expect(hostLabel('xn--shp-tna.example.com', hostUnicode('xn--shp-tna.example.com'))).toBe(
      'shöp.example.com (xn--shp-tna.example.com)',
    );
    expect(hostLabel('shop.example.com', hostUnicode('shop.example.com'))).toBe('shop.example.com');
    expect(hostLabel('shop.example.com', undefined)).toBe('shop.example.com');
  });

  it('labels a host’s audit entries, and leaves the others as they are', () => {
    const removed = {
      id: '1',
      action: 'host.removed',
      target: 'xn--shp-tna.example.com',
      before: {
        host: 'xn--shp-tna.example.com',
        unicode: 'shöp.example.com',
        status: 'pending',
      },
      after: null,
    };
    expect(withHostLabels(removed, hostUnicode)).toEqual({
      id: '1',
      action: 'host.removed',
      target: 'shöp.example.com (xn--shp-tna.example.com)',
      before: { host: 'shöp.example.com (xn--shp-tna.example.com)', status: 'pending' },
      after: null,
    });
    const added = { action: 'host.added', target: 'shop.example.com', before: null, after: {} };
    expect(withHostLabels(added, hostUnicode)).toEqual(added);
    const staff = {
      action: 'staff.invited',
      target: 'xn--shp-tna.example.com',
      before: null,
      after: { host: 'xn--shp-tna.example.com' },
    };
    expect(withHostLabels(staff, hostUnicode)).toBe(staff);
  });
});

describe('removing a host says what it does in the host’s state (decision 0329)', () => {
  const at = (
    status: 'pending' | 'verified' | 'record_missing',
    serving_until = null as string | null,
  ) => ({
    status,
    serving_until,
  });

  it('does not say a host that never served stops serving', () => {
    expect(removalQuestion(at('pending'), 'shop.example.com')).toBe(
      'Remove shop.example.com? It does not serve the store, so visitors see no change; another store may then add it.',
    );
    expect(removedNotice(at('pending'), 'shop.example.com')).toBe('shop.example.com is removed.');
  });

  it('says a serving host stops at once, and when it would have stopped otherwise', () => {
    expect(removalQuestion(at('verified'), 'shop.example.com')).toBe(
      'Remove shop.example.com? It stops serving the store at once: visitors there find no store.',
    );
    expect(
      removalQuestion(at('record_missing', '2026-12-10T08:40:00.000Z'), 'shop.example.com'),
    ).toBe(
      'Remove shop.example.com? It stops serving the store at once, rather than at 2026-12-10 08:40 UTC.',
    );
    expect(removedNotice(at('verified'), 'shop.example.com')).toBe(
      'shop.example.com is removed: it no longer serves the store.',
    );
  });
});
