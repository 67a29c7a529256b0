import { describe, expect, it } from 'vitest';
import { sameSitePath, signInTo } from './sign-in-target';

describe('signInTo', () => {
  it('leads back to the page, its query kept and encoded', () => {
    expect(signInTo('/orders/7b1c')).toBe('/login?next=%2Forders%2F7b1c');
    expect(signInTo('/invoices/9?tab=pdf&x=1')).toBe(
      '/login?next=%2Finvoices%2F9%3Ftab%3Dpdf%26x%3D1',
    );
    expect(new URLSearchParams(signInTo('/credit-notes/a b').split('?')[1]).get('next')).toBe(
      '/credit-notes/a b',
    );
  });

  it('never leads off the site', () => {
    for (const away of [
      'https://evil.example/x',
      '//evil.example',
      '/\\evil.example',
      'orders/1',
      '',
    ])
      expect(signInTo(away)).toBe('/login');
  });
});

describe('sameSitePath', () => {
  it('keeps a path of this site only', () => {
    expect(sameSitePath('/orders/1?a=b')).toBe('/orders/1?a=b');
    expect(sameSitePath('//evil.example')).toBeNull();
    expect(sameSitePath('/\\evil.example')).toBeNull();
    expect(sameSitePath('javascript:alert(1)')).toBeNull();
    expect(sameSitePath(null)).toBeNull();
  });
});
