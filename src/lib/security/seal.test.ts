import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seal, unseal } from './seal';

const key = randomBytes(32);

describe('seal', () => {
  it('opens what it sealed, for the same purpose only', () => {
    const sealed = seal(key, 'totp', 'JBSWY3DPEHPK3PXP');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(unseal(key, 'totp', sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(unseal(key, 'totp-setup', sealed)).toBeNull();
    expect(unseal(randomBytes(32), 'totp', sealed)).toBeNull();
  });

  it('refuses an altered or truncated value', () => {
    const sealed = Buffer.from(seal(key, 'p', 'secret'), 'base64url');
    sealed[sealed.length - 1]! ^= 1;
    expect(unseal(key, 'p', sealed.toString('base64url'))).toBeNull();
    expect(unseal(key, 'p', 'short')).toBeNull();
  });
});
