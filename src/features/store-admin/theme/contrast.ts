import type { Theme } from '@/features/theme/schema';

/**
 * Colours that stay readable (issue 26, point 2; docs/decisions/0166): WCAG 2 contrast between
 * the pairs of theme colours a shopper reads one on the other. Browser code may import this file:
 * the editor shows the same verdict as the server gives.
 */

/** WCAG AA for normal text. */
export const MIN_CONTRAST = 4.5;

export type ColorKey = {
  [K in keyof Theme]: K extends `${string}Color` ? K : never;
}[keyof Theme];

/** Each colour as the editor labels it: refusals name colours the way the owner sees them. */
export const COLOUR_LABELS: Record<ColorKey, string> = {
  primaryColor: 'Primary colour',
  secondaryColor: 'Secondary colour',
  accentColor: 'Accent colour',
  backgroundColor: 'Page background',
  surfaceColor: 'Panel background',
  textColor: 'Text',
  mutedTextColor: 'Muted text',
  headingColor: 'Headings',
  linkColor: 'Links',
  linkHoverColor: 'Links on hover',
  borderColor: 'Borders',
  focusRingColor: 'Focus ring',
  successColor: 'Success',
  warningColor: 'Warning',
  errorColor: 'Error',
  headerBackgroundColor: 'Header background',
  headerTextColor: 'Header text',
  footerBackgroundColor: 'Footer background',
  footerTextColor: 'Footer text',
  bannerBackgroundColor: 'Banner background',
  bannerTextColor: 'Banner text',
  primaryButtonColor: 'Button',
  primaryButtonTextColor: 'Button text',
  primaryButtonHoverColor: 'Button on hover',
  secondaryButtonColor: 'Second button',
  secondaryButtonTextColor: 'Second button text',
};

/**
 * The pairs checked: [the colour named in the refusal, the colour it is read with]. The primary
 * and secondary colours are drawn as text and accents on the page background and as fills under
 * the page background's colour (white by default), so either way they must stand apart from it.
 */
export const CONTRAST_PAIRS: readonly (readonly [ColorKey, ColorKey])[] = [
  ['primaryColor', 'backgroundColor'],
  ['secondaryColor', 'backgroundColor'],
  ['primaryButtonTextColor', 'primaryButtonColor'],
  ['primaryButtonTextColor', 'primaryButtonHoverColor'],
  ['secondaryButtonTextColor', 'secondaryButtonColor'],
  ['bannerTextColor', 'bannerBackgroundColor'],
  ['headerTextColor', 'headerBackgroundColor'],
  ['footerTextColor', 'footerBackgroundColor'],
  ['textColor', 'backgroundColor'],
];

/** A `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` colour as 0-255 channels (alpha ignored). */
function channels(hex: string): [number, number, number] {
  let h = hex.replace('#', '');
  if (h.length === 3 || h.length === 4) h = [...h.slice(0, 3)].map((c) => c + c).join('');
  const n = Number.parseInt(h.slice(0, 6), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** WCAG 2 relative luminance. */
function luminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export type ContrastProblem = { field: ColorKey; with: ColorKey; ratio: number };

/** Every pair of `theme` below 4.5:1, in the order of CONTRAST_PAIRS. */
export function contrastProblems(theme: Theme): ContrastProblem[] {
  return CONTRAST_PAIRS.flatMap(([field, other]) => {
    const ratio = contrastRatio(theme[field], theme[other]);
    // Rounded down, so a pair shown as 4.5:1 is never one that was refused.
    return ratio < MIN_CONTRAST
      ? [{ field, with: other, ratio: Math.floor(ratio * 100) / 100 }]
      : [];
  });
}

/** The refusal's `fields`: `theme.<colour>` → why. */
export function contrastFields(problems: readonly ContrastProblem[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const p of problems) {
    (fields[`theme.${p.field}`] ??= []).push(
      `contrast ${p.ratio}:1 with ${COLOUR_LABELS[p.with]}; needs at least ${MIN_CONTRAST}:1`,
    );
  }
  return fields;
}
