import { ApiError } from '@/lib/http/api-response';
import { postcodeProblem, regionProblem, type BillingDetails } from '@/features/billing/schemas';
import { usStateCode } from '@/features/billing/us-states';
import type { CartLine } from '@/features/cart/cart-types';
import type { CartItemRow } from '@/features/cart/server/cart-checkout.server';
import type { Order, PostalAddress } from '@/features/orders/order-types';
import type { OrderBody } from '../schemas';
import { numberCountry } from './recheck.server';

/**
 * The customer details an order copies: billing details, the registrant of its domains (the
 * billing details unless the body names other ones, plus what the TLD requires) and an address
 * for each number in that number's country. Refusals name the body's field (400).
 */
export function orderDetails(items: CartItemRow[], billing: BillingDetails, body: OrderBody) {
  const fields: Record<string, string[]> = {};
  const problem = (field: string, message: string) => (fields[field] ??= []).push(message);

  const domains = items.filter((i) => i.domain);
  let registrant: Order['registrant'] = null;
  if (domains.length > 0) {
    const given: Partial<NonNullable<OrderBody['registrant']>> = body.registrant ?? {};
    registrant = {
      name: given.name ?? billing.name,
      company: given.company ?? billing.company,
      line1: given.line1 ?? billing.line1,
      line2: given.line2 ?? (given.line1 ? null : billing.line2),
      city: given.city ?? billing.city,
      region: given.region ?? (given.city ? null : billing.region),
      postcode: (given.postcode ?? billing.postcode).toUpperCase(),
      country: given.country ?? billing.country,
      ...(given.us_nexus_category ? { us_nexus_category: given.us_nexus_category } : {}),
    };
    const postcode = postcodeProblem(registrant.country, registrant.postcode);
    if (postcode) problem('registrant.postcode', postcode);
    // An address given here names its state; the billing details' own was checked when saved.
    if (given.line1 || given.country) {
      const region = regionProblem(registrant.country, registrant.region);
      if (region) problem('registrant.region', region);
      else if (registrant.country === 'US') {
        registrant.region = usStateCode(registrant.region!) ?? registrant.region;
      }
    }
    if (domains.some((d) => d.type === 'domain_registration' && d.domain!.endsWith('.us'))) {
      if (!given.us_nexus_category) {
        problem('registrant.us_nexus_category', 'is required for a .us domain');
      }
    }
  }

  const addresses = body.number_addresses ?? {};
  for (const item of items) {
    if (item.type !== 'number' || !item.number) continue;
    const country = numberCountry(item.number);
    const address = addresses[item.id];
    const field = `number_addresses.${item.id}`;
    if (!address) {
      problem(field, `an address in ${country} is required for ${item.number}`);
    } else if (address.country !== country) {
      problem(
        `${field}.country`,
        `must be ${country}: ${item.number} needs an address in ${country === 'GB' ? 'the United Kingdom' : 'the United States'}`,
      );
    }
  }

  if (Object.keys(fields).length > 0) {
    throw new ApiError(400, 'validation_failed', 'The request is not valid.', fields);
  }

  return {
    billing: { ...billing } as Order['billing'],
    registrant,
    /** Addresses by number (E.164): the order keeps them by what they are for. */
    numberAddresses(lines: CartLine[]): Record<string, PostalAddress> {
      const out: Record<string, PostalAddress> = {};
      for (const line of lines) {
        const address = line.number ? addresses[line.id] : undefined;
        if (line.number && address) out[line.number] = { ...address };
      }
      return out;
    },
  };
}
