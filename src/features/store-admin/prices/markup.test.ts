import { describe, expect, it } from 'vitest';
import { markupPrice } from './markup';

describe('cost + N %', () => {
  it('rounds the raised cost up to a whole minor unit, never below cost', () => {
    expect(markupPrice(719, 25, 'none')).toBe(899); // 898.75 -> 899
    expect(markupPrice(800, 25, 'none')).toBe(1000);
    expect(markupPrice(1, 0, 'none')).toBe(1);
    expect(markupPrice(0, 50, 'none')).toBe(0);
  });

  it('rounds up to the next .99', () => {
    expect(markupPrice(800, 25, '99')).toBe(1099);
    expect(markupPrice(919, 25, '99')).toBe(1199);
    expect(markupPrice(1099, 0, '99')).toBe(1099);
  });

  it('rounds up to the next .49, past .49 to the next unit’s .49', () => {
    expect(markupPrice(800, 25, '49')).toBe(1049);
    expect(markupPrice(1049, 0, '49')).toBe(1049);
    expect(markupPrice(1050, 0, '49')).toBe(1149);
    expect(markupPrice(919, 25, '49')).toBe(1149); // 1148.75 -> 1149
  });

  it('works in integers even for large amounts', () => {
    expect(markupPrice(99_999_999, 1000, 'none')).toBe(1_099_999_989);
  });
});
