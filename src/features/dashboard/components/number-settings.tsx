'use client';
import { useRouter } from 'next/navigation';
import type { FormEvent } from 'react';
import authStyles from '@/features/auth/components/auth.module.css';
import { Field, FormError } from '@/features/auth/components/field';
import { useFormAction } from '@/features/auth/hooks/use-form-action';
import { browserApi } from '@/lib/browser-api';
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
      <form className={styles.panel} onSubmit={save}>
        <h2>Calls</h2>
        <FormError message={s.error} />
        <Field
          id="forward_to"
          label="Forward calls to"
          hint="A phone number (+44 20 7946 0000) or a SIP address (sip:desk@pbx.example.com)"
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
          label="Ring time in seconds"
          type="number"
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
        <button type="submit" className={authStyles.button} disabled={s.busy}>
          Save call settings
        </button>
        <Saved message={s.saved} />
      </form>
      {settings.emergency_address ? (
        <p className={styles.panel}>
          Emergency address:{' '}
          {[
            settings.emergency_address.line1,
            settings.emergency_address.city,
            settings.emergency_address.postcode,
            settings.emergency_address.country,
          ].join(', ')}
        </p>
      ) : null}
      {service.status !== 'released' ? (
        <form className={styles.panel} onSubmit={releaseIt}>
          <h2>Release this number</h2>
          <p>The number leaves your account at once and goes back on sale.</p>
          <FormError message={release.error} />
          <Field
            id="confirm"
            label={`Type ${settings.display} to confirm`}
            required
            errors={release.fields.confirm}
          />
          <button type="submit" className={authStyles.secondary} disabled={release.busy}>
            Release number
          </button>
        </form>
      ) : null}
    </>
  );
}
