import { describe, expect, it } from 'vitest';
import { lenientParse } from '@/lib/lenient-parse';
import { THEME_ID_PRESETS, THEME_PRESETS } from './presets';
import { themeSchema } from './schema';

const DEFAULT_THEME = themeSchema.parse({});
import { themeCssVariables } from './css-vars';

function countSettings(value: object): number {
  return Object.values(value).reduce<number>(
    (n, v) => n + (v !== null && typeof v === 'object' && !Array.isArray(v) ? countSettings(v) : 1),
    0,
  );
}

describe('theme schema', () => {
  it('has at least 30 settings, each with a default', () => {
    expect(countSettings(DEFAULT_THEME)).toBeGreaterThanOrEqual(30);
    for (const key of [
      'primaryColor',
      'secondaryColor',
      'primaryButtonColor',
      'buttonBorderRadius',
      'primaryFontFamily',
      'logoSet',
      'heroImageSet',
      'backgroundTile',
    ]) {
      expect(DEFAULT_THEME).toHaveProperty(key);
    }
    expect(themeSchema.parse({})).toEqual(DEFAULT_THEME);
  });

  it('replaces each invalid stored value by its default and keeps the valid ones', () => {
    const { value, invalid } = lenientParse(themeSchema, {
      primaryColor: 'red; background: url(evil)',
      secondaryColor: '#123456',
      buttonBorderRadius: 'round',
      primaryFontFamily: 'Comic Sans',
      logoSet: { primary: 'javascript:alert(1)', alt: 'Mine' },
      backgroundTile: { image: '/tiles/dots.png', size: -4 },
    });
    expect(value.primaryColor).toBe(DEFAULT_THEME.primaryColor);
    expect(value.secondaryColor).toBe('#123456');
    expect(value.buttonBorderRadius).toBe(DEFAULT_THEME.buttonBorderRadius);
    expect(value.primaryFontFamily).toBe('system');
    expect(value.logoSet.primary).toBe(DEFAULT_THEME.logoSet.primary);
    expect(value.logoSet.alt).toBe('Mine');
    expect(value.backgroundTile).toEqual({ image: '/tiles/dots.png', size: 64, opacity: 1 });
    expect(invalid.sort()).toEqual(
      [
        'primaryColor',
        'buttonBorderRadius',
        'primaryFontFamily',
        'logoSet.primary',
        'backgroundTile.size',
      ].sort(),
    );
  });

  it('survives stored data that is not an object at all', () => {
    for (const input of [null, 'theme', 42, [1, 2]]) {
      const { value, invalid } = lenientParse(themeSchema, input);
      expect(value).toEqual(DEFAULT_THEME);
      expect(invalid.length).toBeGreaterThan(0);
    }
  });

  it('ships the five built-in presets; 7 is purple and orange, 8 is blue', () => {
    expect(Object.keys(THEME_PRESETS).sort()).toEqual(
      [
        'domainBrand',
        'secondTelephony',
        'telephonyBrand',
        'telephonyCustomer',
        'telephonyDefault',
      ].sort(),
    );
    expect(THEME_ID_PRESETS[7].primaryColor).toBe('#6b21a8'); // purple
    expect(THEME_ID_PRESETS[7].primaryButtonColor).toBe('#c2410c'); // orange
    expect(THEME_ID_PRESETS[8].primaryColor).toBe('#1e40af'); // blue
  });

  it('becomes CSS custom properties', () => {
    const vars = themeCssVariables(THEME_PRESETS.secondTelephony);
    expect(vars['--primary-color']).toBe('#1e40af');
    expect(vars['--button-border-radius']).toBe('4px');
    expect(vars['--primary-font-family']).toMatch(/^var\(--font-roboto\)/);
    expect(vars['--background-tile-image']).toBe('none');
  });
});

describe('theme reference', () => {
  it('docs/theme.md documents every setting', async () => {
    const { readFile } = await import('node:fs/promises');
    const doc = await readFile('docs/theme.md', 'utf8');
    const keys: string[] = [];
    const walk = (obj: object, prefix = '') => {
      for (const [k, v] of Object.entries(obj)) {
        const key = prefix ? `${prefix}.${k}` : k;
        if (v !== null && typeof v === 'object') walk(v, key);
        else keys.push(key);
      }
    };
    walk(DEFAULT_THEME);
    const rows = new Set([...doc.matchAll(/^\|\s*`([\w.]+)`\s*\|/gm)].map((m) => m[1]));
    expect(keys.filter((key) => !rows.has(key))).toEqual([]);
  });
});
