import { lenientParse } from '@/lib/lenient-parse';
import { THEME_ID_PRESETS, THEME_PRESETS } from '@/features/theme/presets';
import { logoSetSchema, themeSchema, type Theme } from '@/features/theme/schema';
import type { BuiltInBrand } from './brands';
import type { Store, StoredStore, TldPrice } from './store-types';
import { variablesSchema } from './variables-schema';

/** Called with the fields of stored data that were invalid and fell back to defaults. */
export type InvalidDataReport = (report: {
  storeId: string;
  part: string;
  fields: string[];
}) => void;

/** Rules 1 and 2: a built-in brand is its code plus its price list. */
export function storeFromBrand(brand: BuiltInBrand, prices: readonly TldPrice[]): Store {
  return {
    key: brand.key,
    keywordId: brand.keywordId,
    config: brand.config,
    theme: brand.theme,
    variables: brand.variables,
    prices,
  };
}

function withLogoSet(
  preset: Theme,
  storedTheme: unknown,
  report: (fields: string[]) => void,
): Theme {
  const storedLogo =
    storedTheme !== null && typeof storedTheme === 'object' && 'logoSet' in storedTheme
      ? storedTheme.logoSet
      : undefined;
  const { value, invalid } = lenientParse(logoSetSchema, storedLogo);
  if (invalid.length > 0) report(invalid.map((f) => `logoSet.${f}`));
  return { ...preset, logoSet: value };
}

/**
 * Rule 4, applied to a stored white-label store: theme_id 7 and 8 take the built-in
 * telephony-customer and second-telephony themes; otherwise default_theme takes the telephony
 * default theme and marks the store a telephony customer; otherwise the stored theme is used as it
 * is. The store's own logoSet is kept in every case. Invalid stored values fall back to defaults
 * field by field and are reported, never thrown.
 */
export function storeFromStored(row: StoredStore, onInvalid?: InvalidDataReport): Store {
  const report = (part: string) => (fields: string[]) =>
    onInvalid?.({ storeId: row.id, part, fields });

  const preset =
    row.themeId !== null && row.themeId in THEME_ID_PRESETS
      ? THEME_ID_PRESETS[row.themeId as keyof typeof THEME_ID_PRESETS]
      : row.defaultTheme
        ? THEME_PRESETS.telephonyDefault
        : null;

  let theme: Theme;
  if (preset) {
    theme = withLogoSet(preset, row.theme, report('theme'));
  } else {
    const parsed = lenientParse(themeSchema, row.theme);
    if (parsed.invalid.length > 0) report('theme')(parsed.invalid);
    theme = parsed.value;
  }

  const variables = lenientParse(variablesSchema, row.variables);
  if (variables.invalid.length > 0) report('variables')(variables.invalid);

  const usesDefaultTheme = preset === THEME_PRESETS.telephonyDefault;
  return {
    key: row.id,
    keywordId: 4,
    config: {
      is_yay: row.isYay,
      is_cs: row.isCs,
      is_cs_customer: usesDefaultTheme ? true : row.isCsCustomer,
      is_reseller: row.isReseller,
      store_name: row.storeName,
      store_type_id: 1,
      store_uuid: row.storeUuid,
      domain_name: row.domainName,
      dashboard_only: row.dashboardOnly,
      default_theme: row.defaultTheme,
      theme_id: row.themeId,
    },
    theme,
    variables: variables.value,
    prices: row.prices,
  };
}
