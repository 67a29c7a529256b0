import { describe, expect, it } from 'vitest';
import { displayPhoneNumber } from './phone-display';

describe('phone numbers for people', () => {
  it.each([
    ['+441134960011', '+44 113 496 0011'],
    ['+442079460000', '+44 20 7946 0000'],
    ['+12025550143', '+1 202 555 0143'],
    ['+44 20 7946 0000', '+44 20 7946 0000'],
  ])('writes %s as %s', (stored, shown) => {
    expect(displayPhoneNumber(stored)).toBe(shown);
  });

  it('shows what it cannot read as it is', () => {
    expect(displayPhoneNumber('call us')).toBe('call us');
  });
});
