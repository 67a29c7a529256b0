import { z } from 'zod';

/**
 * The store theme (docs/contract/brands-and-hosts.md): colours, fonts, button shapes, the logo set,
 * image sets and tiled backgrounds. Every setting has a default, so a stored theme may name only
 * what it changes. Values are constrained to forms that are safe to write into CSS custom
 * properties: hex colours, a closed list of shipped font families, bounded numbers and same-site or
 * https image paths. docs/theme.md documents each setting.
 */

const color = (fallback: string) =>
  z
    .string()
    .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{4}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$/, 'hex colour')
    .default(fallback);

/** A path on this site or an https address, with no characters that could break out of url(). */
const imageUrl = z
  .string()
  .max(2048)
  .regex(/^(\/(?!\/)|https:\/\/)[^\s"'()\\<>]*$/, 'site path or https URL');

const px = (min: number, max: number, fallback: number) =>
  z
    .number({ error: `must be a number of px from ${min} to ${max}` })
    .int(`must be a whole number of px from ${min} to ${max}`)
    .min(min, `must be a number of px from ${min} to ${max}`)
    .max(max, `must be a number of px from ${min} to ${max}`)
    .default(fallback);

/** Font families the product ships (from npm packages, never a CDN). */
export const FONT_FAMILIES = ['system', 'inter', 'roboto', 'open-sans', 'merriweather'] as const;
const font = (fallback: (typeof FONT_FAMILIES)[number]) => z.enum(FONT_FAMILIES).default(fallback);

const fontWeight = (fallback: number) =>
  z
    .number()
    .int()
    .refine((w) => w >= 100 && w <= 900 && w % 100 === 0, 'weight 100-900 in steps of 100')
    .default(fallback);

export const logoSetSchema = z.object({
  primary: imageUrl.default('/brands/default/logo.svg'),
  inverse: imageUrl.nullable().default(null),
  icon: imageUrl.nullable().default(null),
  alt: z.string().min(1).max(120).default('Store logo'),
  width: px(16, 600, 40),
  height: px(16, 200, 40),
});

export const imageSetSchema = z.object({
  small: imageUrl.nullable().default(null),
  medium: imageUrl.nullable().default(null),
  large: imageUrl.nullable().default(null),
  alt: z.string().max(200).default(''),
});

export const tiledBackgroundSchema = z.object({
  image: imageUrl.nullable().default(null),
  size: px(8, 1024, 64),
  opacity: z.number().min(0).max(1).default(1),
});

export const themeSchema = z.object({
  // Colours
  primaryColor: color('#1d4ed8'),
  secondaryColor: color('#0f766e'),
  accentColor: color('#b45309'),
  backgroundColor: color('#ffffff'),
  surfaceColor: color('#f8fafc'),
  textColor: color('#111827'),
  mutedTextColor: color('#4b5563'),
  headingColor: color('#111827'),
  linkColor: color('#1d4ed8'),
  linkHoverColor: color('#1e3a8a'),
  borderColor: color('#d1d5db'),
  focusRingColor: color('#2563eb'),
  successColor: color('#15803d'),
  warningColor: color('#b45309'),
  errorColor: color('#b91c1c'),
  headerBackgroundColor: color('#ffffff'),
  headerTextColor: color('#111827'),
  footerBackgroundColor: color('#111827'),
  footerTextColor: color('#f9fafb'),
  bannerBackgroundColor: color('#1d4ed8'),
  bannerTextColor: color('#ffffff'),
  // Buttons
  primaryButtonColor: color('#1d4ed8'),
  primaryButtonTextColor: color('#ffffff'),
  primaryButtonHoverColor: color('#1e40af'),
  secondaryButtonColor: color('#e5e7eb'),
  secondaryButtonTextColor: color('#111827'),
  buttonBorderRadius: px(0, 48, 6),
  buttonBorderWidth: px(0, 4, 0),
  buttonFontWeight: fontWeight(600),
  buttonTextTransform: z.enum(['none', 'uppercase', 'capitalize']).default('none'),
  // Type
  primaryFontFamily: font('system'),
  headingFontFamily: font('system'),
  baseFontSize: px(12, 24, 16),
  headingFontWeight: fontWeight(700),
  lineHeight: z.number().min(1).max(2.5).default(1.5),
  // Shapes and layout
  borderRadius: px(0, 48, 8),
  containerMaxWidth: px(640, 1920, 1200),
  // Images
  logoSet: logoSetSchema.default(logoSetSchema.parse({})),
  heroImageSet: imageSetSchema.default(imageSetSchema.parse({})),
  backgroundTile: tiledBackgroundSchema.default(tiledBackgroundSchema.parse({})),
  headerBackgroundTile: tiledBackgroundSchema.default(tiledBackgroundSchema.parse({})),
});

export type Theme = z.output<typeof themeSchema>;
export type ThemeInput = z.input<typeof themeSchema>;
export type LogoSet = z.output<typeof logoSetSchema>;
