import { SITE_VERSIONS, type SiteVersionId } from '@/features/site-version/site-version';
import { netGross } from '@/features/pricing/money';
import type { Store } from '@/features/tenancy/store-types';
import { WEEKDAYS } from '@/features/tenancy/weekdays';
import { storeOrigin, storeUrl } from '@/features/tenancy/store-address';

/** schema.org WebSite: name and URL (docs/contract/brands-and-hosts.md). */
export function websiteJsonLd(store: Store) {
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name: store.config.store_name,
    url: storeOrigin(store),
  };
}

const dayName = (day: string) => `https://schema.org/${day[0]!.toUpperCase()}${day.slice(1)}`;

/** schema.org Organization from the store variables: address, contact, logo and opening hours. */
export function organizationJsonLd(store: Store) {
  const v = store.variables;
  const street = [v.supportA1, v.supportA2].filter(Boolean).join(', ');
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: v.companyName || store.config.store_name,
    url: storeOrigin(store),
    logo: storeUrl(store, store.theme.logoSet.primary),
    ...(v.supportNumber ? { telephone: v.supportNumber } : {}),
    ...(v.supportEmail ? { email: v.supportEmail } : {}),
    ...(street || v.supportCity
      ? {
          address: {
            '@type': 'PostalAddress',
            streetAddress: street,
            addressLocality: v.supportCity,
            addressRegion: v.supportState,
            postalCode: v.supportZip,
            addressCountry: v.supportCountry,
          },
        }
      : {}),
    openingHoursSpecification: WEEKDAYS.flatMap((day) => {
      const slot = v.openingHours[day];
      return slot
        ? [
            {
              '@type': 'OpeningHoursSpecification',
              dayOfWeek: dayName(day),
              opens: slot.openTime,
              closes: slot.closedTime,
            },
          ]
        : [];
    }),
  };
}

const decimal = (minor: number) => (minor / 100).toFixed(2);

/**
 * schema.org OfferCatalog of the store's yearly registration prices in the site version's
 * currency; the price is the gross one, and valueAddedTaxIncluded says whether it carries VAT.
 */
export function offerCatalogJsonLd(store: Store, siteVersion: SiteVersionId) {
  const { currency, vatRateBp } = SITE_VERSIONS[siteVersion];
  const prices = store.prices.filter((p) => p.siteVersion === siteVersion);
  return {
    '@context': 'https://schema.org',
    '@type': 'OfferCatalog',
    name: `${store.config.store_name} domain prices`,
    url: `${storeOrigin(store)}/domains/pricing`,
    itemListElement: prices.map((p) => {
      const price = decimal(netGross(p.registerNet, vatRateBp).gross);
      return {
        '@type': 'Offer',
        name: `.${p.tld} domain registration, 1 year`,
        price,
        priceCurrency: currency,
        priceSpecification: {
          '@type': 'UnitPriceSpecification',
          price,
          priceCurrency: currency,
          valueAddedTaxIncluded: vatRateBp > 0,
          referenceQuantity: { '@type': 'QuantitativeValue', value: 1, unitCode: 'ANN' },
        },
      };
    }),
  };
}

/** JSON for a <script type="application/ld+json">, safe inside HTML. */
export function jsonLdText(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
