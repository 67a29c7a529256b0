import { describe, expect, it } from 'vitest';
import { linesKey, removalText, type Removal } from './removal-message';

const cart = (...ids: string[]) => ({ items: ids.map((id) => ({ id })) });
const numberBack = 'It can be chosen again, among the available numbers.';

describe('what a removal from the order says (decisions 0327, 0332)', () => {
  const removed: Removal = { label: '0113 496 0011', number: true, left: linesKey(cart()) };

  it('says what was removed, where a number is found again, and an emptied order', () => {
    expect(removalText(removed, cart(), { numberBack })).toBe(
      'Removed 0113 496 0011 from your order. It can be chosen again, among the available numbers. Your order is now empty.',
    );
    expect(removalText(null, cart(), { numberBack })).toBeNull();
  });

  it('goes once the order changes again: the number added back is not said to be removed', () => {
    expect(removalText(removed, cart('line-2'), { numberBack })).toBeNull();
    const one: Removal = { label: 'Business plan', number: false, left: linesKey(cart('a', 'b')) };
    expect(removalText(one, cart('a', 'b'), { numberBack })).toBe(
      'Removed Business plan from your order.',
    );
    expect(removalText(one, cart('a', 'b', 'c'), { numberBack })).toBeNull();
  });

  it('leaves the empty order to a page that says it itself (the checkout)', () => {
    expect(removalText(removed, cart(), { numberBack, emptySaid: true })).toBe(
      'Removed 0113 496 0011 from your order. It can be chosen again, among the available numbers.',
    );
  });
});
