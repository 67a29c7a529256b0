import { THEME_PRESETS } from '@/features/theme/presets';
import type { Theme } from '@/features/theme/schema';
import type { KeywordId, StoreConfig } from './store-types';
import { variablesSchema, type Variables } from './variables-schema';

/**
 * The two built-in brands (docs/contract/brands-and-hosts.md). They live in code; their
 * host groups come from configuration and their TLD prices from the database (price lists named
 * after the brand key), so an operator can change prices without a release.
 */

export type BuiltInBrandKey = 'nameport' | 'callwave';

export type BuiltInBrand = {
  key: BuiltInBrandKey;
  keywordId: KeywordId;
  config: StoreConfig;
  theme: Theme;
  variables: Variables;
};

const weekdayHours = { openTime: '09:00', closedTime: '17:30' };

export const BUILT_IN_BRANDS: Record<BuiltInBrandKey, BuiltInBrand> = {
  nameport: {
    key: 'nameport',
    keywordId: 1,
    config: {
      is_yay: true,
      is_cs: false,
      is_cs_customer: false,
      is_reseller: false,
      store_name: 'Nameport',
      store_type_id: 1,
      store_uuid: '6f1c2d0e-3a4b-4c5d-8e9f-0a1b2c3d4e01',
      domain_name: 'nameport.example',
      dashboard_only: false,
      default_theme: false,
      theme_id: null,
    },
    theme: THEME_PRESETS.domainBrand,
    variables: variablesSchema.parse({
      companyName: 'Nameport Ltd',
      supportNumber: '+44 20 7946 0000',
      supportEmail: 'support@nameport.example',
      supportA1: '1 Harbour Street',
      supportCity: 'London',
      supportZip: 'E1 6AN',
      supportCountry: 'United Kingdom',
      timeZone: 'Europe/London',
      openingHours: {
        monday: weekdayHours,
        tuesday: weekdayHours,
        wednesday: weekdayHours,
        thursday: weekdayHours,
        friday: weekdayHours,
      },
      bannerText: 'Find your name. Register it in minutes.',
      footerText: 'Nameport is a fictional domain registrar used for demonstration.',
      gtmId: 'GTM-NPDEMO1',
      gtmEnabled: false,
      legalName: 'Nameport Ltd',
      vatNumber: 'GB123456789',
      companyNumber: '09876543',
      orderPrefix: 'NP',
      bankName: 'Thames Bank',
      bankAccountName: 'Nameport Ltd',
      bankSortCode: '20-00-00',
      bankAccountNumber: '12345678',
      bankIban: 'GB29NWBK60161331926819',
    }),
  },
  callwave: {
    key: 'callwave',
    keywordId: 1252,
    config: {
      is_yay: false,
      is_cs: true,
      is_cs_customer: false,
      is_reseller: false,
      store_name: 'Callwave',
      store_type_id: 1,
      store_uuid: '6f1c2d0e-3a4b-4c5d-8e9f-0a1b2c3d4e02',
      domain_name: 'callwave.example',
      dashboard_only: true,
      default_theme: false,
      theme_id: null,
    },
    theme: THEME_PRESETS.telephonyBrand,
    variables: variablesSchema.parse({
      companyName: 'Callwave Communications Ltd',
      supportNumber: '+44 161 496 0000',
      supportEmail: 'help@callwave.example',
      supportA1: '20 Exchange Quay',
      supportCity: 'Manchester',
      supportZip: 'M5 3EQ',
      supportCountry: 'United Kingdom',
      timeZone: 'Europe/London',
      openingHours: {
        monday: { openTime: '08:00', closedTime: '20:00' },
        tuesday: { openTime: '08:00', closedTime: '20:00' },
        wednesday: { openTime: '08:00', closedTime: '20:00' },
        thursday: { openTime: '08:00', closedTime: '20:00' },
        friday: { openTime: '08:00', closedTime: '20:00' },
        saturday: { openTime: '10:00', closedTime: '14:00' },
      },
      loginText: 'Sign in to your Callwave account: your details, your team and your security.',
      footerText: 'Callwave is a fictional cloud-telephony provider used for demonstration.',
      legalName: 'Callwave Communications Ltd',
      vatNumber: 'GB987654321',
      companyNumber: '11223344',
      orderPrefix: 'CW',
      bankName: 'Pennine Bank',
      bankAccountName: 'Callwave Communications Ltd',
      bankSortCode: '40-11-62',
      bankAccountNumber: '87654321',
      bankIban: 'GB82WEST12345698765432',
    }),
  },
};

export type HostGroups = Record<BuiltInBrandKey, readonly string[]>;
