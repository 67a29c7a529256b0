'use client';
import { useState, type FormEvent } from 'react';
import authStyles from '@/components/form/form.module.css';
import { Field, FormError } from '@/components/form/field';
import { useFormAction } from '@/components/form/use-form-action';
import { browserApi } from '@/lib/browser-api';
import { formatMoney, vatNote } from '@/features/pricing/format-money';
import { siteVersionOfCurrency } from '@/features/site-version/site-version';
import styles from './dashboard.module.css';
import { Saved, useSettings, type Props } from './settings-parts';

/** A domain's name servers and lock, its auth code after the password, renew or restore. */
export function DomainSettings({ service, canManage, canSecret, canBill, life }: Props) {
  const settings = service.settings.type === 'domain' ? service.settings : null;
  const s = useSettings(service.id);
  const secret = useFormAction('Enter your password.');
  const renew = useFormAction('Choose 1 to 10 years.');
  const [code, setCode] = useState<string | null>(null);
  if (!settings || !life) return null;
  // Only the forms that can work in the domain's status (decision 0136).
  const { can } = life;
  const fieldErrors = Object.entries(s.fields)
    .filter(([k]) => k.startsWith('nameservers'))
    .flatMap(([, v]) => v);
  async function saveNs(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const nameservers = String(data.get('nameservers') ?? '')
      .split(/\s+/)
      .filter(Boolean);
    await s.patch(
      { nameservers, locked: data.get('locked') === 'on' },
      'Name servers and lock saved.',
    );
  }
  async function reveal(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const password = String(new FormData(e.currentTarget).get('password') ?? '');
    let answer = '';
    if (
      await secret.run(async () => {
        const { data } = await browserApi.post(`/api/services/${service.id}/auth-code`, {
          password,
        });
        answer = data.data.auth_code;
      })
    )
      setCode(answer);
  }
  async function renewNow(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const years = Number(new FormData(e.currentTarget).get('years'));
    let url = '';
    const ok = await renew.run(
      async () => {
        const { data } = await browserApi.post(`/api/services/${service.id}/renew`, { years });
        url = data.data.payment.redirect_url;
      },
      { leaving: true },
    );
    if (ok) window.location.assign(url);
  }
  return (
    <>
      {canManage && can.nameservers ? (
        <form method="post" className={styles.panel} onSubmit={saveNs}>
          <h2>Name servers and transfer lock</h2>
          <FormError message={s.error} />
          <div className={authStyles.field}>
            <label htmlFor="nameservers" className={authStyles.label}>
              Name servers (2 to 13, one per line)
            </label>
            <textarea
              // The saved list comes back normalised (lower case, no final dot, IDN in ASCII):
              // a new key shows it in place of what was typed once the page is rendered again.
              key={settings.nameservers.join('\n')}
              id="nameservers"
              name="nameservers"
              rows={4}
              className={authStyles.input}
              defaultValue={settings.nameservers.join('\n')}
              aria-invalid={fieldErrors.length ? true : undefined}
              aria-describedby={fieldErrors.length ? 'nameservers-error' : undefined}
            />
            {fieldErrors.length ? (
              // One line each; a rule of the whole list ("must be 2 to 13 host names") is
              // said as a sentence about it.
              <div id="nameservers-error" className={authStyles.fieldError}>
                {fieldErrors.map((m) => (
                  <p key={m}>{/^[a-z]/.test(m) ? `The name servers ${m}.` : m}</p>
                ))}
              </div>
            ) : null}
          </div>
          <div className={authStyles.check}>
            <input
              id="locked"
              name="locked"
              type="checkbox"
              className={authStyles.checkbox}
              defaultChecked={settings.locked}
            />
            <label htmlFor="locked">
              Transfer lock: no other registrar can take this domain while it is on
            </label>
          </div>
          <button type="submit" className={authStyles.button} disabled={s.waiting}>
            Save name servers
          </button>
          <Saved message={s.saved} />
        </form>
      ) : (
        <p className={styles.panel}>Name servers: {settings.nameservers.join(', ') || '—'}</p>
      )}
      {canSecret && can.authCode ? (
        <form method="post" className={styles.panel} onSubmit={reveal}>
          <h2>Auth code</h2>
          <p>The code moves this domain to another registrar. Enter your password to see it.</p>
          <FormError message={secret.error} />
          <Field
            id="auth-password"
            name="password"
            label="Your password"
            type="password"
            autoComplete="current-password"
            required
            errors={secret.fields.password}
          />
          <button type="submit" className={authStyles.secondary} disabled={secret.waiting}>
            Reveal auth code
          </button>
          {code ? (
            <p role="status">
              Auth code: <code className={authStyles.code}>{code}</code>
            </p>
          ) : null}
        </form>
      ) : null}
      {canBill && (can.renew || can.restore) ? (
        <form method="post" className={styles.panel} onSubmit={renewNow}>
          <h2>{service.status === 'redemption' ? 'Restore' : 'Renew now'}</h2>
          {service.status === 'redemption' ? null : (
            <p>
              {formatMoney(service.price.gross, siteVersionOfCurrency(service.currency))} a year
              {vatNote(service.price)}, added to the years this domain has left.
            </p>
          )}
          <FormError message={renew.error} />
          <div className={styles.row}>
            <div className={authStyles.field}>
              <label htmlFor="years" className={authStyles.label}>
                Years
              </label>
              <select id="years" name="years" className={authStyles.input} defaultValue="1">
                {Array.from({ length: 10 }, (_, i) => (
                  <option key={i + 1} value={i + 1}>
                    {i + 1}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={authStyles.button} disabled={renew.waiting}>
              {service.status === 'redemption' ? 'Restore and pay' : 'Renew and pay'}
            </button>
          </div>
        </form>
      ) : null}
    </>
  );
}
