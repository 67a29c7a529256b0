'use client';
import { useState, type FormEvent } from 'react';
import { Field, FormError } from '@/components/form/field';
import { useFormAction } from '@/components/form/use-form-action';
import authStyles from '@/components/form/form.module.css';
import type { BillingDetails } from '@/features/billing/schemas';
import { browserApi } from '@/lib/browser-api';
import { AddressFields, addressFrom } from './address-fields';

/**
 * Step one: the billing details, kept on the account for next time (PUT /api/account/billing).
 * Before any are kept, the name is the account's: the customer gave it when registering, and the
 * country is the site version's (the United Kingdom in pounds, the United States in dollars).
 */
export function BillingStep({
  billing,
  accountName,
  defaultCountry,
  countries,
  onSaved,
}: {
  billing: BillingDetails | null;
  accountName: string;
  defaultCountry: 'GB' | 'US';
  countries: { code: string; name: string }[];
  onSaved: (billing: BillingDetails) => void;
}) {
  const { waiting, error, fields, run } = useFormAction('Check the fields marked below.');
  // The VAT number's hint speaks of the country chosen: a UK number's form is not everyone's.
  const [country, setCountry] = useState(billing?.country ?? defaultCountry);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body = {
      ...addressFrom(form, 'billing-', [
        'name',
        'company',
        'line1',
        'line2',
        'city',
        'region',
        'postcode',
        'country',
      ]),
      vat_number: String(form.get('billing-vat_number') ?? '').trim() || null,
    };
    await run(async () => {
      const { data } = await browserApi.put('/api/account/billing', body);
      onSaved(data.data.billing);
    });
  }

  return (
    <form method="post" className={authStyles.form} onSubmit={submit} noValidate>
      <FormError message={error} />
      <AddressFields
        prefix="billing-"
        value={billing ?? { name: accountName, country: defaultCountry }}
        errors={fields}
        countries={countries}
        withName="name-company"
        onCountryChange={setCountry}
      />
      <Field
        id="billing-vat_number"
        label="VAT number (optional)"
        hint={
          country === 'GB'
            ? 'A UK VAT number is GB and 9 or 12 digits.'
            : 'With its country prefix, e.g. IE6388047V. Leave it empty if your business has none.'
        }
        defaultValue={billing?.vat_number ?? ''}
        errors={fields.vat_number}
      />
      <button type="submit" className={authStyles.button} disabled={waiting}>
        Save and continue
      </button>
    </form>
  );
}
