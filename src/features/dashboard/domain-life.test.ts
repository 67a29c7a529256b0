import { describe, expect, it } from 'vitest';
import { domainLife, type DomainLifeInput } from './domain-life';

const base: DomainLifeInput = {
  status: 'active',
  expiresAt: '2027-03-10T12:00:00.000Z',
  autoRenew: true,
  renewalGross: 1199,
  restoreGross: 8400,
  hasPaymentMethod: true,
  siteVersion: 1,
};

describe('what a domain page says happens next', () => {
  it('an active domain with auto-renew and a card: when it is charged and for how much', () => {
    const life = domainLife(base);
    expect(life.autoRenew).toBe('on');
    expect(life.next.join(' ')).toContain('£11.99 a year');
    expect(life.next.join(' ')).toContain('from 3 March 2027');
    expect(life.can).toMatchObject({
      nameservers: true,
      authCode: true,
      renew: true,
      restore: false,
    });
  });

  it('never says auto-renew is on when there is no payment method to charge', () => {
    const life = domainLife({ ...base, hasPaymentMethod: false });
    expect(life.autoRenew).toBe('no_method');
    expect(life.next.join(' ')).toMatch(/no payment method.*expires on 10 March 2027/);
  });

  it('an expired domain: renew by the redemption day, then the restore price from the price list', () => {
    const life = domainLife({ ...base, status: 'expired', hasPaymentMethod: false });
    const text = life.next.join(' ');
    expect(text).toContain('expired on 10 March 2027');
    expect(text).toContain('Renew it by 9 April 2027 for £11.99');
    expect(text).toContain('until 9 May 2027, for £95.99');
    expect(life.can).toEqual({
      autoRenew: false,
      nameservers: false,
      authCode: false,
      renew: true,
      restore: false,
    });
  });

  it('a domain in redemption: only the restore, its deadline and its price', () => {
    const life = domainLife({
      ...base,
      status: 'redemption',
      siteVersion: 2,
      renewalGross: 1500,
      restoreGross: 9000,
    });
    const text = life.next.join(' ');
    expect(text).toContain('Restore it by May 9, 2027 for $105.00');
    expect(text).toContain('After May 9, 2027 it is released');
    expect(life.can).toEqual({
      autoRenew: false,
      nameservers: false,
      authCode: false,
      renew: false,
      restore: true,
    });
  });

  it('a released domain offers nothing', () => {
    const life = domainLife({ ...base, status: 'released' });
    expect(life.next.join(' ')).toContain('no longer yours');
    expect(Object.values(life.can).some(Boolean)).toBe(false);
    expect(life.autoRenew).toBe('off');
  });
});
