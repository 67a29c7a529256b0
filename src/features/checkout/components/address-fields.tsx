'use client';
import { useState } from 'react';
import { Field } from '@/components/form/field';
import authStyles from '@/components/form/form.module.css';
import styles from './checkout.module.css';

export type AddressValue = {
  name?: string | null;
  company?: string | null;
  line1?: string;
  line2?: string | null;
  city?: string;
  region?: string | null;
  postcode?: string;
  country?: string;
};

/**
 * The fields of a postal address, named `{prefix}{field}` so several can share a form. A fixed
 * country (a number's address) is shown, not chosen.
 */
export function AddressFields({
  prefix,
  value,
  errors,
  countries,
  fixedCountry,
  withName,
}: {
  prefix: string;
  value: AddressValue | null;
  errors: Record<string, string[]>;
  countries: { code: string; name: string }[];
  fixedCountry?: { code: string; name: string };
  withName?: 'name' | 'name-company';
}) {
  const id = (field: string) => `${prefix}${field}`;
  const err = (field: string) => errors[field];
  // The postcode is named as the chosen country names it: a US address asks for a ZIP code.
  const [country, setCountry] = useState(fixedCountry?.code ?? value?.country ?? 'GB');
  return (
    <>
      {withName ? (
        <Field
          id={id('name')}
          label="Full name"
          autoComplete="name"
          required
          defaultValue={value?.name ?? ''}
          errors={err('name')}
        />
      ) : null}
      {withName === 'name-company' ? (
        <Field
          id={id('company')}
          label="Company (optional)"
          autoComplete="organization"
          defaultValue={value?.company ?? ''}
          errors={err('company')}
        />
      ) : null}
      <Field
        id={id('line1')}
        label="Address line 1"
        autoComplete="address-line1"
        required
        defaultValue={value?.line1 ?? ''}
        errors={err('line1')}
      />
      <Field
        id={id('line2')}
        label="Address line 2 (optional)"
        autoComplete="address-line2"
        defaultValue={value?.line2 ?? ''}
        errors={err('line2')}
      />
      <Field
        id={id('city')}
        label="Town or city"
        autoComplete="address-level2"
        required
        defaultValue={value?.city ?? ''}
        errors={err('city')}
      />
      <Field
        id={id('region')}
        label="County, state or region (optional)"
        autoComplete="address-level1"
        defaultValue={value?.region ?? ''}
        errors={err('region')}
      />
      <Field
        id={id('postcode')}
        label={country === 'US' ? 'ZIP code' : 'Postcode'}
        autoComplete="postal-code"
        required
        defaultValue={value?.postcode ?? ''}
        errors={err('postcode')}
      />
      {fixedCountry ? (
        <p className={authStyles.hint}>
          <input type="hidden" name={id('country')} value={fixedCountry.code} />
          Country: <strong>{fixedCountry.name}</strong> (a number’s address must be in its country)
        </p>
      ) : (
        <div className={authStyles.field}>
          <label htmlFor={id('country')} className={authStyles.label}>
            Country
          </label>
          <select
            id={id('country')}
            name={id('country')}
            className={styles.select}
            autoComplete="country"
            defaultValue={value?.country ?? 'GB'}
            onChange={(e) => setCountry(e.target.value)}
            aria-invalid={err('country')?.length ? true : undefined}
          >
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name}
              </option>
            ))}
          </select>
          {err('country')?.length ? (
            <p className={authStyles.fieldError}>Country {err('country')!.join(' ')}.</p>
          ) : null}
        </div>
      )}
    </>
  );
}

/** An address read back from a form's fields named with `prefix`; empty optional fields are null. */
export function addressFrom(form: FormData, prefix: string, fields: string[]) {
  const out: Record<string, string | null> = {};
  for (const field of fields) {
    const value = String(form.get(`${prefix}${field}`) ?? '').trim();
    out[field] = value || null;
  }
  return out;
}
