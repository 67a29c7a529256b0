'use client';
import { useRouter } from 'next/navigation';
import type { FormEvent } from 'react';
import authStyles from '@/components/form/form.module.css';
import { Field, FormError } from '@/components/form/field';
import { useFormAction } from '@/components/form/use-form-action';
import { browserApi } from '@/lib/browser-api';
import { AddressFields } from '@/features/checkout/components/address-fields';
import styles from './dashboard.module.css';
import { Saved, useSettings, type Props } from './settings-parts';

/** A number's call settings, its emergency address, and its release. */
export function NumberSettings({ service, canManage }: Props) {
  const settings = service.settings.type === 'number' ? service.settings : null;
  const s = useSettings(service.id);
  const release = useFormAction('Type the number to confirm.');
  const router = useRouter();
  if (!settings) return null;
  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const d = new FormData(e.currentTarget);
    const text = (k: string) => String(d.get(k) ?? '').trim();
    await s.patch(
      {
        forward_to: text('forward_to') || null,
        label: text('label'),
        ring_seconds: Number(text('ring_seconds')),
        voicemail_email: text('voicemail_email') || null,
      },
      'Call settings saved.',
    );
  }
  async function releaseIt(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const confirm = String(new FormData(e.currentTarget).get('confirm') ?? '');
    if (
      await release.run(() => browserApi.post(`/api/services/${service.id}/release`, { confirm }))
    )
      router.refresh();
  }
  if (!canManage)
    return (
      <p className={styles.panel}>Calls go to: {settings.forward_to ?? 'no forwarding set'}</p>
    );
  return (
    <>
      {/* noValidate: the server checks every field and its words show beside each (a browser's
          bubble names one field and leaves the others' old messages standing). */}
      <form method="post" className={styles.panel} onSubmit={save} noValidate>
        <h2>Calls</h2>
        <FormError message={s.error} />
        <Field
          id="forward_to"
          label="Forward calls to"
          hint={`A phone number (${settings.number.startsWith('+1') ? '+1 212 555 0100' : '+44 20 7946 0000'}) or a SIP address (sip:desk@pbx.example.com)`}
          defaultValue={settings.forward_to ?? ''}
          errors={s.fields.forward_to}
        />
        <Field
          id="label"
          label="Label"
          defaultValue={settings.label}
          maxLength={60}
          errors={s.fields.label}
        />
        <Field
          id="ring_seconds"
          label="Ring time"
          hint="In seconds, from 5 to 120."
          type="number"
          inputMode="numeric"
          min={5}
          max={120}
          defaultValue={settings.ring_seconds}
          errors={s.fields.ring_seconds}
        />
        <Field
          id="voicemail_email"
          label="Voicemail to e-mail"
          type="email"
          defaultValue={settings.voicemail_email ?? ''}
          errors={s.fields.voicemail_email}
        />
        <button type="submit" className={authStyles.button} disabled={s.waiting}>
          Save call settings
        </button>
        <Saved message={s.saved} />
      </form>
      <EmergencyAddress service={service} />
      <form method="post" className={styles.panel} onSubmit={releaseIt} noValidate>
        <h2>Release this number</h2>
        <p>The number leaves your account at once and goes back on sale.</p>
        <FormError message={release.error} />
        <Field
          id="confirm"
          label="Number to release"
          hint={`Type ${settings.display} to confirm.`}
          required
          errors={release.fields.confirm}
        />
        <button type="submit" className={authStyles.secondary} disabled={release.waiting}>
          Release number
        </button>
      </form>
    </>
  );
}

const COUNTRY_NAMES: Record<string, string> = { GB: 'United Kingdom', US: 'United States' };

/**
 * Where emergency services are sent for calls from this number: an address in its country, in
 * the checkout's address fields with the country fixed.
 */
function EmergencyAddress({ service }: Pick<Props, 'service'>) {
  const s = useSettings(service.id);
  if (service.settings.type !== 'number') return null;
  const address = service.settings.emergency_address;
  const country = address?.country ?? (service.settings.number.startsWith('+1') ? 'US' : 'GB');
  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const d = new FormData(e.currentTarget);
    const text = (k: string) => String(d.get(k) ?? '').trim();
    await s.patch(
      {
        emergency_address: {
          // Whom the address names stays; the form changes where it is.
          name: address?.name ?? null,
          line1: text('ea_line1'),
          line2: text('ea_line2') || null,
          city: text('ea_city'),
          region: text('ea_region') || null,
          postcode: text('ea_postcode'),
          country,
        },
      },
      'Emergency address saved.',
    );
  }
  const prefix = 'emergency_address.';
  const errors = Object.fromEntries(
    Object.entries(s.fields)
      .filter(([k]) => k.startsWith(prefix))
      .map(([k, v]) => [k.slice(prefix.length), v]),
  );
  return (
    <form method="post" className={styles.panel} onSubmit={save} noValidate>
      <h2>Emergency address</h2>
      <p>Emergency services are sent here for calls from this number.</p>
      <FormError message={s.error} />
      <AddressFields
        prefix="ea_"
        value={address}
        errors={errors}
        countries={[]}
        fixedCountry={{ code: country, name: COUNTRY_NAMES[country] ?? country }}
      />
      <button type="submit" className={authStyles.secondary} disabled={s.waiting}>
        Save emergency address
      </button>
      <Saved message={s.saved} />
    </form>
  );
}
