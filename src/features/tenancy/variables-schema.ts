import { z } from 'zod';
import { WEEKDAYS } from './weekdays';

export { WEEKDAYS };

/**
 * Per-brand variables (docs/contract/brands-and-hosts.md): company and support details, opening
 * hours, page texts, domain-page modules, analytics ids with their enable flags and a custom
 * snippet. Every field has a default so a stored set may be partial; invalid stored values fall
 * back field by field.
 */

const text = (max: number) => z.string().max(max).default('');
const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'HH:MM, 24-hour');

const dayHours = z
  .object({ openTime: time, closedTime: time })
  .refine(
    (d) => d.openTime < d.closedTime,
    'must close after it opens (openTime before closedTime)',
  )
  .nullable()
  .default(null);

const openingHours = z.object(
  Object.fromEntries(WEEKDAYS.map((day) => [day, dayHours])) as Record<
    (typeof WEEKDAYS)[number],
    typeof dayHours
  >,
);

const domainModule = z.object({ title: z.string().min(1).max(120), content: z.string().max(2000) });

const timeZone = z
  .string()
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'IANA time zone')
  .default('Europe/London');

export const variablesSchema = z.object({
  companyName: text(120),
  supportNumber: z
    .string()
    .regex(/^\+?[0-9 ()-]{0,24}$/, 'telephone number')
    .default(''),
  supportEmail: z.union([z.email(), z.literal('')]).default(''),
  /** Sender address of the store's mail; empty: no-reply@ its domain_name (storeMailFrom). */
  mailFrom: z.union([z.email(), z.literal('')]).default(''),
  supportA1: text(120),
  supportA2: text(120),
  supportCity: text(80),
  supportState: text(80),
  supportZip: text(20),
  supportCountry: text(80),
  timeZone,
  openingHours: openingHours.default(openingHours.parse({})),
  bannerText: text(500),
  loginText: text(500),
  footerText: text(1000),
  dualHomepageText: text(2000),
  /** What a selling store's home page opens on, after its name: domain search or numbers. */
  homeLeadsWith: z.enum(['domains', 'numbers']).default('domains'),
  domainModules: z.array(domainModule).max(12).default([]),
  gtmId: z
    .string()
    .regex(/^(GTM-[A-Z0-9]{4,12})?$/, 'GTM container id')
    .default(''),
  gtmEnabled: z.boolean().default(false),
  thirdPartyScriptUrl: z
    .string()
    .max(2048)
    .regex(/^(https:\/\/[^\s"'<>]+)?$/, 'https URL')
    .default(''),
  thirdPartyScriptEnabled: z.boolean().default(false),
  customSnippet: text(5000),
  /**
   * The store's terms, privacy notice and cookie notice as plain text (`## ` headings, `- ` lists,
   * blank lines between paragraphs); empty: the product's default naming the store (legal-pages.ts).
   */
  termsText: text(20_000),
  privacyText: text(20_000),
  cookiesText: text(20_000),
  // The store as the seller on orders and VAT invoices: legal name, VAT and company
  // numbers, the prefix of its order and invoice numbers, and bank details for bank transfers.
  legalName: text(160),
  vatNumber: z
    .string()
    .regex(/^([A-Z]{2}[A-Z0-9]{2,13})?$/, 'VAT number with its country prefix, e.g. GB123456789')
    .default(''),
  companyNumber: text(40),
  orderPrefix: z
    .string()
    .regex(/^([A-Z]{2,6})?$/, '2 to 6 capital letters')
    .default(''),
  bankName: text(120),
  bankAccountName: text(120),
  bankSortCode: z
    .string()
    .regex(/^(\d{2}-\d{2}-\d{2})?$/, 'sort code, e.g. 20-00-00')
    .default(''),
  bankAccountNumber: z
    .string()
    .regex(/^(\d{8})?$/, '8 digits')
    .default(''),
  bankIban: z
    .string()
    .regex(/^([A-Z]{2}\d{2}[A-Z0-9]{10,30})?$/, 'IBAN without spaces')
    .default(''),
});

export type Variables = z.output<typeof variablesSchema>;
export type VariablesInput = z.input<typeof variablesSchema>;
