'use client';
import { useState, type FormEvent } from 'react';
import authStyles from '@/components/form/form.module.css';
import type { BillingDetails } from '@/features/billing/schemas';
import type { CartLine } from '@/features/cart/cart-types';
import { useHydrated } from '@/lib/use-hydrated';
import type { CheckoutRequirement } from '../checkout-types';
import { US_NEXUS_CATEGORIES } from '../schemas';
import { postalLines } from '@/features/billing/postal-lines';
import { AddressFields, addressFrom, type AddressValue } from './address-fields';
import styles from './checkout.module.css';

export type Details = {
  registrant: (Record<string, string | null> & { us_nexus_category?: string }) | null;
  numberAddresses: Record<string, Record<string, string | null>>;
  /** The numbers (by line id) whose address is the billing address. */
  sameAsBilling: Record<string, boolean>;
};

const ADDRESS = ['line1', 'line2', 'city', 'region', 'postcode', 'country'];
const COUNTRY_NAMES = { GB: 'United Kingdom', US: 'United States' } as const;
/** The country as a sentence names it: "an address in the United States". */
const COUNTRY_IN_TEXT = { GB: 'the United Kingdom', US: 'the United States' } as const;

/** The billing address as a number's address: the same fields, when it is in that country. */
function billingAddress(b: BillingDetails): Record<string, string | null> {
  return {
    line1: b.line1,
    line2: b.line2 ?? null,
    city: b.city,
    region: b.region ?? null,
    postcode: b.postcode,
    country: b.country,
  };
}

/**
 * Step two, when the cart needs it: who the domains are registered to (the billing details
 * unless the customer names someone else), a .us nexus category only for a .us domain, and an
 * address in each phone number's country, which can be the billing address when it is there.
 */
export function DetailsStep({
  lines,
  requirements,
  billing,
  countries,
  value,
  errors,
  onDone,
}: {
  lines: CartLine[];
  requirements: CheckoutRequirement[];
  billing: BillingDetails | null;
  countries: { code: string; name: string }[];
  value: Details;
  errors: Record<string, string[]>;
  onDone: (details: Details) => void;
}) {
  const hydrated = useHydrated();
  const domains = lines.filter((l) => l.domain && !l.unavailable);
  const needsNexus = requirements.some((r) => r.kind === 'registrant');
  const numbers = requirements.filter((r) => r.kind === 'number_address');
  const [someoneElse, setSomeoneElse] = useState(
    Boolean(value.registrant && value.registrant.line1),
  );
  // A number whose country is the billing address's starts on that address; a choice the
  // customer made (kept with the details) stands.
  const [sameAsBilling, setSameAsBilling] = useState(() => ({
    ...Object.fromEntries(
      numbers.map((r) => [r.line_id!, billing?.country === (r.country ?? 'GB')]),
    ),
    ...value.sameAsBilling,
  }));
  // What this step finds missing before review; the server's findings (errors) otherwise.
  const [missing, setMissing] = useState<Record<string, string[]> | null>(null);
  const shown = missing ?? errors;
  const under = (prefix: string) =>
    Object.fromEntries(
      Object.entries(shown)
        .filter(([k]) => k.startsWith(prefix))
        .map(([k, v]) => [k.slice(prefix.length), v]),
    );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const registrant =
      domains.length === 0
        ? null
        : {
            ...(someoneElse
              ? addressFrom(form, 'registrant-', ['name', 'company', ...ADDRESS])
              : {}),
            ...(needsNexus
              ? { us_nexus_category: String(form.get('registrant-us_nexus_category') ?? '') }
              : {}),
          };
    const numberAddresses: Details['numberAddresses'] = {};
    const found: Record<string, string[]> = {};
    const need = (key: string, given: string | null | undefined) => {
      if (!given?.trim()) found[key] = ['is required'];
    };
    if (registrant && someoneElse) {
      const given = registrant as Record<string, string | null | undefined>;
      const fields = ['name', 'line1', 'city', 'postcode', 'country'];
      // A US address names its state (docs/decisions/0308).
      if (given.country === 'US') fields.push('region');
      for (const f of fields) need(`registrant.${f}`, given[f]);
    }
    if (registrant && needsNexus)
      need('registrant.us_nexus_category', registrant.us_nexus_category);
    for (const r of numbers) {
      const shared =
        billing && billing.country === (r.country ?? 'GB') && sameAsBilling[r.line_id!];
      const address = shared
        ? billingAddress(billing)
        : addressFrom(form, `number-${r.line_id}-`, ADDRESS);
      numberAddresses[r.line_id!] = address;
      const fields = r.fields.filter((f) => f !== 'country');
      if (shared && fields.some((f) => !address[f])) {
        // Billing details saved before a field was asked for (a US state): the number's own
        // address is asked for instead.
        setSameAsBilling((was) => ({ ...was, [r.line_id!]: false }));
        for (const f of fields) found[`number_addresses.${r.line_id}.${f}`] = ['is required'];
      } else if (!shared) {
        for (const f of fields) need(`number_addresses.${r.line_id}.${f}`, address[f]);
      }
    }
    if (Object.keys(found).length > 0) {
      // Stay here, say what is missing beside each field and go to the first of them.
      setMissing(found);
      const form = event.currentTarget;
      requestAnimationFrame(() =>
        form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(),
      );
      return;
    }
    setMissing(null);
    onDone({ registrant, numberAddresses, sameAsBilling });
  }

  return (
    <form method="post" className={authStyles.form} onSubmit={submit} noValidate>
      {domains.length > 0 ? (
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>Domain registrant</legend>
          <p className={authStyles.hint}>
            {domains.map((d) => d.label).join(', ')} will be registered to{' '}
            {someoneElse
              ? 'the person or company you name below.'
              : 'the name and address of your billing details.'}
          </p>
          <label className={authStyles.check}>
            <input
              type="checkbox"
              className={authStyles.checkbox}
              checked={someoneElse}
              onChange={(e) => setSomeoneElse(e.target.checked)}
            />{' '}
            Register to someone other than the billing details
          </label>
          {someoneElse ? (
            <AddressFields
              prefix="registrant-"
              value={value.registrant as AddressValue | null}
              errors={under('registrant.')}
              countries={countries}
              withName="name-company"
            />
          ) : null}
          {needsNexus ? (
            <div className={authStyles.field}>
              <label htmlFor="registrant-us_nexus_category" className={authStyles.label}>
                .us nexus: your connection to the United States
              </label>
              <select
                id="registrant-us_nexus_category"
                name="registrant-us_nexus_category"
                className={styles.select}
                defaultValue={value.registrant?.us_nexus_category ?? ''}
                required
                aria-invalid={shown['registrant.us_nexus_category'] ? true : undefined}
              >
                <option value="" disabled>
                  Choose one
                </option>
                {Object.entries(US_NEXUS_CATEGORIES).map(([code, text]) => (
                  <option key={code} value={code}>
                    {code}: {text}
                  </option>
                ))}
              </select>
              {shown['registrant.us_nexus_category'] ? (
                <p className={authStyles.fieldError}>
                  The nexus category {shown['registrant.us_nexus_category'].join(' ')}.
                </p>
              ) : null}
            </div>
          ) : null}
        </fieldset>
      ) : null}
      {numbers.map((r) => {
        const line = lines.find((l) => l.id === r.line_id);
        const country = r.country ?? 'GB';
        const canShare = billing?.country === country;
        const shared = canShare && Boolean(sameAsBilling[r.line_id!]);
        return (
          <fieldset key={r.line_id} className={styles.fieldset}>
            <legend className={styles.legend}>Address for {line?.label}</legend>
            <p className={authStyles.hint}>
              Regulators require an address in {COUNTRY_IN_TEXT[country]} for this number.
            </p>
            {canShare ? (
              <label className={authStyles.check}>
                <input
                  type="checkbox"
                  className={authStyles.checkbox}
                  checked={shared}
                  onChange={(e) =>
                    setSameAsBilling({ ...sameAsBilling, [r.line_id!]: e.target.checked })
                  }
                />{' '}
                Same as the billing address
              </label>
            ) : null}
            {billing && shared ? (
              <p className={authStyles.hint}>
                {postalLines({
                  line1: billing.line1,
                  city: billing.city,
                  region: billing.region,
                  postcode: billing.postcode,
                  country: billing.country,
                }).join(', ')}
              </p>
            ) : (
              <AddressFields
                prefix={`number-${r.line_id}-`}
                value={(value.numberAddresses[r.line_id!] as AddressValue | undefined) ?? null}
                errors={under(`number_addresses.${r.line_id}.`)}
                countries={countries}
                fixedCountry={{ code: country, name: COUNTRY_NAMES[country] }}
              />
            )}
          </fieldset>
        );
      })}
      <button type="submit" className={authStyles.button} disabled={!hydrated}>
        Continue to review
      </button>
    </form>
  );
}
