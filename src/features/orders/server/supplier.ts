import { BUILT_IN_BRANDS } from '@/features/tenancy/brands';
import { storeFromBrand } from '@/features/tenancy/resolve-store';
import type { Store } from '@/features/tenancy/store-types';
import { supportAddressLines } from '@/features/tenancy/support-address';
import type { Supplier } from '../order-types';

/**
 * The prefix of a store's order and invoice numbers: its `orderPrefix` variable, else the first
 * two letters of its name (stores can be added without one; the built-in and demo ones set it).
 */
export function numberPrefixOf(store: Store): string {
  const set = store.variables.orderPrefix;
  if (set) return set;
  const letters = store.config.store_name.toUpperCase().replace(/[^A-Z]/g, '');
  return (letters + 'XX').slice(0, 2);
}

/**
 * The store as the seller (docs/contract/selling.md): who it is, where, its VAT and bank details.
 */
export function supplierOf(store: Store): Supplier {
  const v = store.variables;
  return {
    trading_name: store.config.store_name,
    legal_name: v.legalName || v.companyName || store.config.store_name,
    address: supportAddressLines(v),
    vat_number: v.vatNumber || null,
    company_number: v.companyNumber || null,
    email: v.supportEmail || null,
    time_zone: v.timeZone,
    bank: v.bankName
      ? {
          name: v.bankName,
          account_name: v.bankAccountName || v.legalName || store.config.store_name,
          sort_code: v.bankSortCode || null,
          account_number: v.bankAccountNumber || null,
          iban: v.bankIban || null,
        }
      : null,
  };
}

/**
 * The platform as seller (issue 26 point 12, decision 0231): a store that has not connected its
 * own Stripe account sells under the platform, which is paid and so is the supplier. The
 * platform is the company behind the built-in brand Nameport (its legal name, address, VAT and
 * company numbers and bank); the invoice keeps the store's time zone, so its series' years are
 * the store's as before.
 */
export function platformSupplierOf(store: Store): Supplier {
  const platform = supplierOf(storeFromBrand(BUILT_IN_BRANDS.nameport, []));
  return {
    ...platform,
    trading_name: platform.legal_name,
    time_zone: store.variables.timeZone,
  };
}
