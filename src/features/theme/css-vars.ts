import type { Theme } from './schema';

/** Font stacks; the variables come from ./fonts.ts (self-hosted files from npm packages). */
const FONT_STACKS: Record<Theme['primaryFontFamily'], string> = {
  system: 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  inter: 'var(--font-inter), system-ui, sans-serif',
  roboto: 'var(--font-roboto), system-ui, sans-serif',
  'open-sans': 'var(--font-open-sans), system-ui, sans-serif',
  merriweather: 'var(--font-merriweather), Georgia, serif',
};

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The theme as CSS custom properties (`--primary-color: #...`), written into the server HTML so a
 * reseller's theme costs nothing on the client and never flashes. Every value was validated by
 * the theme schema, so none can break out of the declaration.
 */
export function themeCssVariables(theme: Theme): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [key, value] of Object.entries(theme)) {
    if (typeof value === 'string') {
      vars[`--${kebab(key)}`] = key.endsWith('FontFamily')
        ? FONT_STACKS[value as Theme['primaryFontFamily']]
        : value;
    } else if (typeof value === 'number') {
      vars[`--${kebab(key)}`] = /Radius|Width|Size$/.test(key) ? `${value}px` : String(value);
    }
  }
  for (const tile of ['backgroundTile', 'headerBackgroundTile'] as const) {
    const { image, size, opacity } = theme[tile];
    vars[`--${kebab(tile)}-image`] = image ? `url("${image}")` : 'none';
    vars[`--${kebab(tile)}-size`] = `${size}px`;
    vars[`--${kebab(tile)}-opacity`] = String(opacity);
  }
  return vars;
}
