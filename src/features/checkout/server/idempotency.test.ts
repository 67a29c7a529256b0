import { describe, expect, it } from 'vitest';
import { requestHash } from './idempotency.server';

// An Idempotency-Key answers again only the same request (docs/decisions/0061): the hash says
// whether a body is the same, whatever the order of its keys.
describe('requestHash', () => {
  const body = {
    cart_version: 4,
    accept_terms: true,
    registrant: { name: 'Grace Hopper', country: 'GB' },
  };

  it('is the same for the same body whatever the order of its keys, at any depth', () => {
    const reordered = {
      registrant: { country: 'GB', name: 'Grace Hopper' },
      accept_terms: true,
      cart_version: 4,
    };
    expect(requestHash(reordered)).toBe(requestHash(body));
  });

  it('is a SHA-256 in hex', () => {
    expect(requestHash(body)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differs when any value differs, nested ones included', () => {
    const base = requestHash(body);
    expect(requestHash({ ...body, cart_version: 5 })).not.toBe(base);
    expect(requestHash({ ...body, registrant: { name: 'Grace Hopper', country: 'US' } })).not.toBe(
      base,
    );
    expect(requestHash({ ...body, save_payment_method: true })).not.toBe(base);
  });

  it('treats a key left undefined as absent, as JSON does', () => {
    expect(requestHash({ ...body, save_payment_method: undefined })).toBe(requestHash(body));
  });

  it('keeps the order of a list', () => {
    expect(requestHash({ lines: ['a', 'b'] })).not.toBe(requestHash({ lines: ['b', 'a'] }));
  });

  it('tells a number from the same digits as text', () => {
    expect(requestHash({ cart_version: 4 })).not.toBe(requestHash({ cart_version: '4' }));
  });
});
