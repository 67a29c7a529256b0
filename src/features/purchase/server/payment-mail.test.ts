import { describe, expect, it } from 'vitest';
import { refundMoneyText, refundPaidBy } from './payment-mail.server';

// Decision 0331: the store's refund mail says how the money comes back by how the order was
// paid. A demo card payment names no provider refund, yet it was a card: it must not be told
// the store will pay it back "the way you paid" as a bank transfer is.
describe('how a refund’s money comes back', () => {
  it('reads the provider the order was paid through as how the customer paid', () => {
    expect(refundPaidBy('stripe')).toBe('card');
    expect(refundPaidBy('demo')).toBe('demo');
    expect(refundPaidBy('manual')).toBe('transfer');
  });

  it('tells a card payment the money returns to the card', () => {
    expect(refundMoneyText('card')).toMatch(/^The money returns to the card you paid with;/);
  });

  it('tells a demo payment no money moves, and never asks for bank details', () => {
    expect(refundMoneyText('demo')).toContain('demo payment');
    expect(refundMoneyText('demo')).toContain('no money moved');
    expect(refundMoneyText('demo')).not.toContain('bank details');
  });

  it('tells a bank transfer the store pays it back', () => {
    expect(refundMoneyText('transfer')).toBe(
      'We will pay the money back to you the way you paid; contact us if we need your bank details.',
    );
  });
});
