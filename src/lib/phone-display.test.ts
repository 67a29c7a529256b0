import { describe, expect, it } from 'vitest';
import { displayPhoneNumber } from './phone-display';

describe('phone numbers for people', () => {
  it.each([
    ['+441134960011', '0113 496 0011'],
    ['+442079460000', '020 7946 0000'],
    ['+44 20 7946 0000', '020 7946 0000'],
    ['+12025550143', '+1 202 555 0143'],
  ])('writes %s as %s: national at home, international from abroad', (stored, shown) => {
    expect(displayPhoneNumber(stored)).toBe(shown);
  });

  it('writes a US number nationally for a US reader', () => {
    expect(displayPhoneNumber('+12025550143', 'US')).toBe('(202) 555-0143');
  });

  it('shows what it cannot read as it is', () => {
    expect(displayPhoneNumber('call us')).toBe('call us');
  });
});
