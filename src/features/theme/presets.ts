import { themeSchema, type Theme, type ThemeInput } from './schema';

/**
 * Built-in themes. Themes 7 and 8 and the telephony default are applied to white-label stores by
 * the brand rules (docs/contract/brands-and-hosts.md), which keep the store's own logoSet; the
 * domain and telephony brand themes belong to the built-in brands. The domain brand and theme 7 use
 * the system font stack, so their text paints with nothing to download; the self-hosted families
 * stay available.
 */

const telephonyCustomer: ThemeInput = {
  primaryColor: '#6b21a8',
  secondaryColor: '#c2410c',
  accentColor: '#ea580c',
  linkColor: '#6b21a8',
  linkHoverColor: '#4c1d95',
  focusRingColor: '#7e22ce',
  headerBackgroundColor: '#3b0764',
  headerTextColor: '#ffffff',
  footerBackgroundColor: '#2e1065',
  footerTextColor: '#fff7ed',
  bannerBackgroundColor: '#c2410c',
  bannerTextColor: '#ffffff',
  primaryButtonColor: '#c2410c',
  primaryButtonTextColor: '#ffffff',
  primaryButtonHoverColor: '#9a3412',
  secondaryButtonColor: '#f3e8ff',
  secondaryButtonTextColor: '#3b0764',
  buttonBorderRadius: 24,
  primaryFontFamily: 'system',
  headingFontFamily: 'system',
};

const secondTelephony: ThemeInput = {
  primaryColor: '#1e40af',
  secondaryColor: '#0369a1',
  accentColor: '#0284c7',
  linkColor: '#1d4ed8',
  linkHoverColor: '#1e3a8a',
  focusRingColor: '#2563eb',
  headerBackgroundColor: '#172554',
  headerTextColor: '#ffffff',
  footerBackgroundColor: '#0c1a3d',
  footerTextColor: '#e0f2fe',
  bannerBackgroundColor: '#0369a1',
  bannerTextColor: '#ffffff',
  primaryButtonColor: '#1d4ed8',
  primaryButtonTextColor: '#ffffff',
  primaryButtonHoverColor: '#1e3a8a',
  secondaryButtonColor: '#dbeafe',
  secondaryButtonTextColor: '#172554',
  buttonBorderRadius: 4,
  primaryFontFamily: 'roboto',
  headingFontFamily: 'roboto',
};

const telephonyDefault: ThemeInput = {
  primaryColor: '#0f766e',
  secondaryColor: '#334155',
  accentColor: '#0d9488',
  linkColor: '#0f766e',
  linkHoverColor: '#134e4a',
  focusRingColor: '#0d9488',
  headerBackgroundColor: '#ffffff',
  headerTextColor: '#0f172a',
  footerBackgroundColor: '#0f172a',
  footerTextColor: '#f1f5f9',
  bannerBackgroundColor: '#0f766e',
  bannerTextColor: '#ffffff',
  primaryButtonColor: '#0f766e',
  primaryButtonTextColor: '#ffffff',
  primaryButtonHoverColor: '#115e59',
  buttonBorderRadius: 8,
  primaryFontFamily: 'open-sans',
  headingFontFamily: 'open-sans',
};

const domainBrand: ThemeInput = {
  primaryColor: '#1d4ed8',
  secondaryColor: '#047857',
  accentColor: '#b45309',
  headerBackgroundColor: '#ffffff',
  headerTextColor: '#111827',
  footerBackgroundColor: '#111827',
  footerTextColor: '#f9fafb',
  bannerBackgroundColor: '#047857',
  bannerTextColor: '#ffffff',
  primaryButtonColor: '#1d4ed8',
  primaryButtonTextColor: '#ffffff',
  primaryButtonHoverColor: '#1e40af',
  buttonBorderRadius: 6,
  primaryFontFamily: 'system',
  headingFontFamily: 'system',
  logoSet: { primary: '/brands/nameport/logo.svg', alt: 'Nameport', width: 40, height: 40 },
};

const telephonyBrand: ThemeInput = {
  primaryColor: '#be123c',
  secondaryColor: '#1f2937',
  accentColor: '#e11d48',
  linkColor: '#be123c',
  linkHoverColor: '#881337',
  focusRingColor: '#e11d48',
  headerBackgroundColor: '#1f2937',
  headerTextColor: '#ffffff',
  footerBackgroundColor: '#111827',
  footerTextColor: '#f9fafb',
  bannerBackgroundColor: '#be123c',
  bannerTextColor: '#ffffff',
  primaryButtonColor: '#be123c',
  primaryButtonTextColor: '#ffffff',
  primaryButtonHoverColor: '#9f1239',
  buttonBorderRadius: 10,
  primaryFontFamily: 'inter',
  headingFontFamily: 'inter',
  logoSet: { primary: '/brands/callwave/logo.svg', alt: 'Callwave', width: 40, height: 40 },
};

export const THEME_PRESETS = {
  telephonyCustomer: themeSchema.parse(telephonyCustomer),
  secondTelephony: themeSchema.parse(secondTelephony),
  telephonyDefault: themeSchema.parse(telephonyDefault),
  domainBrand: themeSchema.parse(domainBrand),
  telephonyBrand: themeSchema.parse(telephonyBrand),
} satisfies Record<string, Theme>;

/** Stored theme ids that select a built-in theme (docs/contract/brands-and-hosts.md rule 4). */
export const THEME_ID_PRESETS = {
  7: THEME_PRESETS.telephonyCustomer,
  8: THEME_PRESETS.secondTelephony,
} as const satisfies Record<number, Theme>;
