import type { ThemeInput } from '@/features/theme/schema';
import type { VariablesInput } from '@/features/tenancy/variables-schema';

/**
 * The demo data itself: the built-in brands' price lists and four white-label stores on
 * `*.localhost`, one per brand rule (docs/decisions/0092). Data only; demo-seed.server.ts
 * inserts it.
 */

export type Price = [
  tld: string,
  register: number,
  renew: number,
  transfer: number,
  featured?: boolean,
];

export type DemoStore = {
  id: string;
  host: string;
  name: string;
  themeId: number | null;
  defaultTheme: boolean;
  isCsCustomer: boolean;
  theme: ThemeInput;
  variables: VariablesInput;
  prices: { 1: Price[]; 2: Price[] };
};

const weekdays = (openTime: string, closedTime: string) => ({
  monday: { openTime, closedTime },
  tuesday: { openTime, closedTime },
  wednesday: { openTime, closedTime },
  thursday: { openTime, closedTime },
  friday: { openTime, closedTime },
});

export const BUILT_IN_PRICE_LISTS: Record<'nameport' | 'callwave', { 1: Price[]; 2: Price[] }> = {
  nameport: {
    1: [
      ['app', 1399, 1599, 1399],
      ['co.uk', 599, 799, 599, true],
      ['com', 1049, 1299, 1049, true],
      ['link', 899, 999, 899],
      ['org', 1149, 1399, 1149],
      ['uk', 599, 799, 599, true],
    ],
    2: [
      ['app', 1699, 1899, 1699],
      ['co', 2999, 2999, 2999],
      ['com', 1299, 1599, 1299, true],
      ['link', 999, 1099, 999],
      ['org', 1399, 1599, 1399, true],
      ['us', 899, 1099, 899, true],
    ],
  },
  // The telephony brand sells no domains.
  callwave: { 1: [], 2: [] },
};

export const DEMO_STORES: DemoStore[] = [
  {
    id: '0b8f5c1e-7d2a-4e3b-9c4d-5e6f7a8b9c01',
    host: 'acme.localhost',
    name: 'Acme Voice',
    themeId: 7,
    defaultTheme: false,
    isCsCustomer: false,
    theme: { logoSet: { primary: '/brands/acme/logo.svg', alt: 'Acme Voice' } },
    variables: {
      legalName: 'Acme Voice Ltd',
      vatNumber: 'GB314159265',
      companyNumber: '07654321',
      orderPrefix: 'AV',
      bankName: 'Severn Bank',
      bankAccountName: 'Acme Voice Ltd',
      bankSortCode: '30-90-89',
      bankAccountNumber: '11223344',
      bankIban: 'GB33BUKB20201555555555',
      companyName: 'Acme Voice Ltd',
      supportNumber: '+44 117 496 0123',
      supportEmail: 'hello@acme.localhost',
      supportA1: '5 Quay Street',
      supportCity: 'Bristol',
      supportZip: 'BS1 4DJ',
      supportCountry: 'United Kingdom',
      openingHours: weekdays('09:00', '17:00'),
      bannerText: 'Business phone numbers in UK and US area codes, with call plans per user.',
      loginText: 'Acme Voice customers: sign in to your account, your team and your cart.',
      dualHomepageText: 'Numbers, call plans and the domain to go with them.',
      homeLeadsWith: 'numbers',
    },
    prices: {
      1: [
        ['com', 999, 1199, 999, true],
        ['co.uk', 549, 749, 549, true],
      ],
      2: [
        ['com', 1199, 1399, 1199, true],
        ['us', 799, 999, 799],
      ],
    },
  },
  {
    id: '0b8f5c1e-7d2a-4e3b-9c4d-5e6f7a8b9c02',
    host: 'harbor.localhost',
    name: 'Harbor Telecom',
    themeId: 8,
    defaultTheme: false,
    isCsCustomer: false,
    theme: { logoSet: { primary: '/brands/harbor/logo.svg', alt: 'Harbor Telecom' } },
    variables: {
      legalName: 'Harbor Telecom Ltd',
      vatNumber: 'GB577215664',
      companyNumber: '11235813',
      orderPrefix: 'HT',
      bankName: 'Mersey Bank',
      bankAccountName: 'Harbor Telecom Ltd',
      bankSortCode: '40-47-84',
      bankAccountNumber: '44556677',
      bankIban: 'GB29NWBK60161331926819',
      companyName: 'Harbor Telecom Ltd',
      supportNumber: '+44 151 496 0142',
      supportEmail: 'support@harbor.localhost',
      supportA1: 'Royal Albert Dock',
      supportCity: 'Liverpool',
      supportZip: 'L3 4AF',
      supportCountry: 'United Kingdom',
      openingHours: weekdays('08:00', '18:00'),
      bannerText: 'Business numbers and per-user call plans, from the Liverpool waterfront.',
      homeLeadsWith: 'numbers',
    },
    prices: {
      1: [
        ['com', 1099, 1299, 1099, true],
        ['uk', 649, 849, 649],
      ],
      2: [
        ['com', 1249, 1449, 1249, true],
        ['us', 849, 1049, 849, true],
      ],
    },
  },
  {
    id: '0b8f5c1e-7d2a-4e3b-9c4d-5e6f7a8b9c03',
    host: 'ringo.localhost',
    name: 'Ringo Connect',
    themeId: null,
    defaultTheme: true,
    isCsCustomer: false,
    theme: { logoSet: { primary: '/brands/ringo/logo.svg', alt: 'Ringo Connect' } },
    variables: {
      legalName: 'Ringo Connect Ltd',
      vatNumber: 'GB271828182',
      companyNumber: 'SC654321',
      orderPrefix: 'RC',
      bankName: 'Forth Bank',
      bankAccountName: 'Ringo Connect Ltd',
      bankSortCode: '80-22-60',
      bankAccountNumber: '22334455',
      bankIban: 'GB94BARC10201530093459',
      companyName: 'Ringo Connect Ltd',
      supportNumber: '+44 131 496 0456',
      supportEmail: 'care@ringo.localhost',
      supportA1: '8 Leith Walk',
      supportCity: 'Edinburgh',
      supportZip: 'EH6 8RT',
      supportCountry: 'United Kingdom',
      openingHours: weekdays('08:30', '17:30'),
      bannerText: 'Business phone numbers and call plans, billed monthly.',
      homeLeadsWith: 'numbers',
    },
    prices: { 1: [['com', 1000, 1200, 1000, true]], 2: [['com', 1200, 1400, 1200, true]] },
  },
  {
    id: '0b8f5c1e-7d2a-4e3b-9c4d-5e6f7a8b9c04',
    host: 'bytes.localhost',
    name: 'Bytes Domains',
    themeId: null,
    defaultTheme: false,
    isCsCustomer: false,
    theme: {
      primaryColor: '#047857',
      secondaryColor: '#7c2d12',
      accentColor: '#a16207',
      linkColor: '#047857',
      linkHoverColor: '#064e3b',
      focusRingColor: '#059669',
      headerBackgroundColor: '#ecfdf5',
      headerTextColor: '#064e3b',
      footerBackgroundColor: '#064e3b',
      footerTextColor: '#ecfdf5',
      bannerBackgroundColor: '#7c2d12',
      primaryButtonColor: '#047857',
      primaryButtonHoverColor: '#065f46',
      buttonBorderRadius: 0,
      buttonTextTransform: 'uppercase',
      primaryFontFamily: 'open-sans',
      headingFontFamily: 'merriweather',
      logoSet: { primary: '/brands/bytes/logo.svg', alt: 'Bytes Domains' },
    },
    variables: {
      legalName: 'Bytes Domains Ltd',
      vatNumber: 'GB161803398',
      companyNumber: '10293847',
      orderPrefix: 'BD',
      bankName: 'Aire Bank',
      bankAccountName: 'Bytes Domains Ltd',
      bankSortCode: '60-16-13',
      bankAccountNumber: '33445566',
      bankIban: 'GB15HBUK40127612345678',
      companyName: 'Bytes Domains Ltd',
      supportNumber: '+44 113 496 0789',
      supportEmail: 'team@bytes.localhost',
      supportA1: '42 Wellington Street',
      supportCity: 'Leeds',
      supportZip: 'LS1 4LT',
      supportCountry: 'United Kingdom',
      openingHours: {
        ...weekdays('10:00', '16:00'),
        saturday: { openTime: '10:00', closedTime: '13:00' },
      },
      bannerText: 'Domains with the renewal price shown before you buy.',
      loginText: 'Sign in to your account: the cart you filled comes with you.',
      dualHomepageText: 'Search a name, or bring a domain you already own.',
      domainModules: [
        {
          title: 'Renewals up front',
          content: 'Every extension lists its registration, renewal and transfer price per year.',
        },
        {
          title: 'VAT your way',
          content: 'Show every price with or without VAT, as you prefer; the cart names the VAT.',
        },
        {
          title: 'Transfers welcome',
          content: 'Bring a domain you already own: transfers are priced per extension.',
        },
      ],
    },
    prices: {
      1: [
        ['co.uk', 499, 699, 499, true],
        ['com', 899, 1099, 899, true],
        ['dev', 1299, 1499, 1299],
        ['io', 3499, 3899, 3499],
        ['shop', 2499, 2899, 2499],
        ['uk', 499, 699, 499],
      ],
      2: [
        ['com', 999, 1199, 999, true],
        ['dev', 1399, 1599, 1399],
        ['io', 3999, 4299, 3999, true],
        ['shop', 2799, 3199, 2799],
        ['xyz', 199, 1499, 199],
      ],
    },
  },
];
