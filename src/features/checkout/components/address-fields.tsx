'use client';
import { useState } from 'react';
import { Field } from '@/components/form/field';
import authStyles from '@/components/form/form.module.css';
import { US_STATES } from '@/features/billing/us-states';
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
 * The fields of a postal address, named `{prefix}{field}` so several can share a form, the
 * country first. A fixed country (a number's address) is shown, not chosen.
 */
export function AddressFields({
  prefix,
  value,
  errors,
  countries,
  fixedCountry,
  withName,
  onCountryChange,
}: {
  prefix: string;
  value: AddressValue | null;
  errors: Record<string, string[]>;
  countries: { code: string; name: string }[];
  fixedCountry?: { code: string; name: string };
  withName?: 'name' | 'name-company';
  /** Told the country chosen, for fields outside these that depend on it (a VAT number's hint). */
  onCountryChange?: (code: string) => void;
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
      {/* The country first: the fields below ask as it names them (a US ZIP code and state). */}
      {fixedCountry ? (
        <>
          <p className={authStyles.hint}>
            <input type="hidden" name={id('country')} value={fixedCountry.code} />
            Country: <strong>{fixedCountry.name}</strong> (a number’s address must be in its
            country)
          </p>
          {/* Nothing to mark: a refusal of the fixed country is said where it is shown. */}
          {err('country')?.length ? (
            <p className={authStyles.fieldError}>Country {err('country')!.join(' ')}.</p>
          ) : null}
        </>
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
            onChange={(e) => {
              setCountry(e.target.value);
              onCountryChange?.(e.target.value);
            }}
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
      {/* A region belongs to its country: another country's field starts empty (a US state is
          no English county). */}
      <RegionField
        key={country}
        id={id('region')}
        country={country}
        defaultValue={country === (value?.country ?? 'GB') ? (value?.region ?? '') : ''}
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
    </>
  );
}

const STATE_OPTIONS = Object.entries(US_STATES).sort(([, a], [, b]) => a.localeCompare(b));

/**
 * The region of an address: in the United States a required choice of state (emergency services
 * route a number's calls by it; docs/decisions/0308), elsewhere optional free text.
 */
export function RegionField({
  id,
  country,
  defaultValue,
  errors,
}: {
  id: string;
  country: string;
  defaultValue: string;
  errors?: string[];
}) {
  if (country !== 'US') {
    return (
      <Field
        id={id}
        label="County or region (optional)"
        autoComplete="address-level1"
        defaultValue={defaultValue}
        errors={errors}
      />
    );
  }
  return (
    <div className={authStyles.field}>
      <label htmlFor={id} className={authStyles.label}>
        State
      </label>
      <select
        id={id}
        name={id}
        className={styles.select}
        autoComplete="address-level1"
        required
        defaultValue={Object.hasOwn(US_STATES, defaultValue) ? defaultValue : ''}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={errors?.length ? `${id}-error` : undefined}
      >
        <option value="" disabled>
          Choose a state
        </option>
        {STATE_OPTIONS.map(([code, name]) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
      {errors?.length ? (
        <p id={`${id}-error`} className={authStyles.fieldError}>
          State {errors.join(' ')}.
        </p>
      ) : null}
    </div>
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
