import type { RecordInput } from './records';

/**
 * The templates the platform ships (docs/decisions/0203). Each names the records it sets; applying
 * one replaces the records of the same name and type and adds the others. `{store_ip}` style
 * values are not needed: the store's web site points at the store's host by CNAME.
 */
export const TEMPLATES = ['store_site', 'mail_google', 'mail_microsoft', 'verification'] as const;
export type TemplateName = (typeof TEMPLATES)[number];

export const TEMPLATE_LABELS: Record<TemplateName, string> = {
  store_site: 'Web site at this store',
  mail_google: 'Mail at Google Workspace',
  mail_microsoft: 'Mail at Microsoft 365',
  verification: 'Verification TXT record',
};

export const TEMPLATE_DESCRIPTIONS: Record<TemplateName, string> = {
  store_site: 'Points www at this store, so the domain shows the customer’s site here.',
  mail_google: 'Mail exchanger and SPF record for Google Workspace.',
  mail_microsoft: 'Mail exchanger, SPF record and autodiscover for Microsoft 365.',
  verification: 'A TXT record at the domain with the text a service asks for.',
};

/** What a store without a default of its own gives new zones (docs/decisions/0203). */
export const DEFAULT_TEMPLATE = 'store_site';

/**
 * The templates a store may name as its default (docs/decisions/0250): every one but
 * `verification`, whose text each customer gets from the service they verify with.
 */
export const STORE_DEFAULT_TEMPLATES = ['store_site', 'mail_google', 'mail_microsoft'] as const;
export type StoreDefaultTemplate = (typeof STORE_DEFAULT_TEMPLATES)[number];

export function isStoreDefaultTemplate(value: string): value is StoreDefaultTemplate {
  return (STORE_DEFAULT_TEMPLATES as readonly string[]).includes(value);
}

export function templateRecords(
  name: TemplateName,
  input: { zone: string; storeHost: string; value?: string },
): RecordInput[] {
  switch (name) {
    case 'store_site':
      return [{ name: 'www', type: 'CNAME', content: input.storeHost, ttl: 3600 }];
    case 'mail_google':
      return [
        { name: '@', type: 'MX', content: 'smtp.google.com', ttl: 3600, priority: 1 },
        { name: '@', type: 'TXT', content: 'v=spf1 include:_spf.google.com ~all', ttl: 3600 },
      ];
    case 'mail_microsoft':
      return [
        {
          name: '@',
          type: 'MX',
          content: `${input.zone.replaceAll('.', '-')}.mail.protection.outlook.com`,
          ttl: 3600,
          priority: 0,
        },
        {
          name: '@',
          type: 'TXT',
          content: 'v=spf1 include:spf.protection.outlook.com -all',
          ttl: 3600,
        },
        { name: 'autodiscover', type: 'CNAME', content: 'autodiscover.outlook.com', ttl: 3600 },
      ];
    case 'verification':
      return [{ name: '@', type: 'TXT', content: input.value ?? '', ttl: 3600 }];
  }
}
