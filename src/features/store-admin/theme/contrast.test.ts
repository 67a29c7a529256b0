import { describe, expect, it } from 'vitest';
import { THEME_PRESETS } from '@/features/theme/presets';
import { themeSchema } from '@/features/theme/schema';
import { contrastProblems, contrastRatio, MIN_CONTRAST } from './contrast';

describe('contrast', () => {
  it('measures WCAG 2 ratios', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
    expect(contrastRatio('#767676', '#ffffff')).toBeGreaterThanOrEqual(MIN_CONTRAST);
    expect(contrastRatio('#abcdef80', '#abcdef')).toBeCloseTo(1, 5);
  });

  it('passes the default theme and every shipped preset', () => {
    expect(contrastProblems(themeSchema.parse({}))).toEqual([]);
    for (const [name, theme] of Object.entries(THEME_PRESETS)) {
      expect(contrastProblems(theme), name).toEqual([]);
    }
  });

  it('names the colour to change, the one it is read with, and the ratio rounded down', () => {
    const theme = themeSchema.parse({ primaryColor: '#777777', primaryButtonTextColor: '#cccccc' });
    expect(contrastProblems(theme)).toEqual([
      { field: 'primaryColor', with: 'backgroundColor', ratio: 4.47 },
      // On the darker hover colour the same text passes.
      { field: 'primaryButtonTextColor', with: 'primaryButtonColor', ratio: 4.17 },
    ]);
  });
});
