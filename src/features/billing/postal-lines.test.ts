import { describe, expect, it } from 'vitest';
import { postalLines } from './postal-lines';

describe('postalLines', () => {
  it('writes a US town, state and ZIP code on one line', () => {
    expect(
      postalLines({
        name: 'Ada Lane',
        line1: '1600 Pennsylvania Ave NW',
        city: 'Washington',
        region: 'DC',
        postcode: '20500',
        country: 'US',
      }),
    ).toEqual(['Ada Lane', '1600 Pennsylvania Ave NW', 'Washington, DC 20500', 'United States']);
  });

  it('gives each part its own line elsewhere, and skips what is missing', () => {
    expect(
      postalLines({
        name: 'Ada Lane',
        company: null,
        line1: '1 High Street',
        line2: '',
        city: 'Leeds',
        region: null,
        postcode: 'LS1 1AA',
        country: 'GB',
      }),
    ).toEqual(['Ada Lane', '1 High Street', 'Leeds', 'LS1 1AA', 'United Kingdom']);
  });
});
