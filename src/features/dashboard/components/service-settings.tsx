'use client';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import authStyles from '@/features/auth/components/auth.module.css';
import { Field, FormError } from '@/features/auth/components/field';
import { useFormAction } from '@/features/auth/hooks/use-form-action';
import type { ServiceDetail } from '@/features/services/service-types';
import { browserApi } from '@/lib/browser-api';
import styles from './dashboard.module.css';

/**
 * The settings of one service (issue 15 points 2 to 4), each group its own form calling PATCH
 * /api/services/{id} (or auth-code, renew, release); the server's message shows next to the
 * field it is about. After a change the page is rendered again with what the server stored.
 */

type Props = {
  service: ServiceDetail;
  members: { id: string; name: string; email: string }[];
  canManage: boolean;
  canBill: boolean;
  canSecret: boolean;
};

function Saved({ message }: { message: string | null }) {
  return (
    <p role="status" aria-live="polite" className={message ? authStyles.success : undefined}>
      {message}
    </p>
  );
}

function useSettings(serviceId: string) {
  const router = useRouter();
  const form = useFormAction('Some settings are not valid: see the fields.');
  const [saved, setSaved] = useState<string | null>(null);
  async function patch(body: object, done: string) {
    setSaved(null);
    if (await form.run(() => browserApi.patch(`/api/services/${serviceId}`, body))) {
      setSaved(done);
      router.refresh();
    }
  }
  return { ...form, saved, patch, setSaved };
}

function AutoRenew({ service }: { service: ServiceDetail }) {
  const s = useSettings(service.id);
  const cancelable = service.type === 'number' || service.type === 'plan';
  return (
    <div className={styles.panel}>
      <h2>Renewal</h2>
      <FormError message={s.error} />
      <div className={authStyles.check}>
        <input
          id="auto-renew"
          type="checkbox"
          className={authStyles.checkbox}
          defaultChecked={service.auto_renew}
          disabled={s.busy}
          onChange={(e) => s.patch({ auto_renew: e.target.checked }, 'Auto-renew saved.')}
        />
        <label htmlFor="auto-renew">Renew automatically with my default payment method</label>
      </div>
      {cancelable ? (
        <div className={authStyles.check}>
          <input
            id="cancel-at-end"
            type="checkbox"
            className={authStyles.checkbox}
            defaultChecked={service.cancel_at_period_end}
            disabled={s.busy}
            onChange={(e) =>
              s.patch({ cancel_at_period_end: e.target.checked }, 'Cancellation saved.')
            }
          />
          <label htmlFor="cancel-at-end">Cancel at the end of this period</label>
        </div>
      ) : null}
      <Saved message={s.saved} />
    </div>
  );
}

function DomainSettings({ service, canManage, canSecret, canBill }: Props) {
  const settings = service.settings.type === 'domain' ? service.settings : null;
  const s = useSettings(service.id);
  const secret = useFormAction('Enter your password.');
  const renew = useFormAction('Choose 1 to 10 years.');
  const [code, setCode] = useState<string | null>(null);
  if (!settings) return null;
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
      {canManage ? (
        <form className={styles.panel} onSubmit={saveNs}>
          <h2>Name servers and transfer lock</h2>
          <FormError message={s.error} />
          <div className={authStyles.field}>
            <label htmlFor="nameservers" className={authStyles.label}>
              Name servers (2 to 13, one per line)
            </label>
            <textarea
              id="nameservers"
              name="nameservers"
              rows={4}
              className={authStyles.input}
              defaultValue={settings.nameservers.join('\n')}
              aria-invalid={fieldErrors.length ? true : undefined}
              aria-describedby={fieldErrors.length ? 'nameservers-error' : undefined}
            />
            {fieldErrors.length ? (
              <p id="nameservers-error" className={authStyles.fieldError}>
                {fieldErrors.join(' ')}
              </p>
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
            <label htmlFor="locked">Transfer lock on</label>
          </div>
          <button type="submit" className={authStyles.button} disabled={s.busy}>
            Save name servers
          </button>
          <Saved message={s.saved} />
        </form>
      ) : (
        <p className={styles.panel}>Name servers: {settings.nameservers.join(', ') || '—'}</p>
      )}
      {canSecret ? (
        <form className={styles.panel} onSubmit={reveal}>
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
          <button type="submit" className={authStyles.secondary} disabled={secret.busy}>
            Reveal auth code
          </button>
          {code ? (
            <p role="status">
              Auth code: <code className={authStyles.code}>{code}</code>
            </p>
          ) : null}
        </form>
      ) : null}
      {canBill ? (
        <form className={styles.panel} onSubmit={renewNow}>
          <h2>{service.status === 'redemption' ? 'Restore' : 'Renew now'}</h2>
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
            <button type="submit" className={authStyles.button} disabled={renew.busy}>
              {service.status === 'redemption' ? 'Restore and pay' : 'Renew and pay'}
            </button>
          </div>
        </form>
      ) : null}
    </>
  );
}

function NumberSettings({ service, canManage }: Props) {
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

function PlanSettings({ service, members, canManage }: Props) {
  const settings = service.settings.type === 'plan' ? service.settings : null;
  const s = useSettings(service.id);
  if (!settings) return null;
  const held = new Set(settings.holders.map((h) => h.user_id));
  async function save(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const seats = new FormData(e.currentTarget).getAll('seat').map(String);
    await s.patch({ seats }, 'Seats saved.');
  }
  async function fewer(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const n = Number(new FormData(e.currentTarget).get('seat_count'));
    await s.patch({ seat_count: n }, 'Seat count saved: it applies from the next period.');
  }
  return (
    <>
      <p className={styles.panel}>
        {settings.seats} seats
        {settings.next_seats ? `, ${settings.next_seats} from the next period` : ''}. Held by:{' '}
        {settings.holders.map((h) => h.name).join(', ') || 'nobody yet'}.
      </p>
      {canManage ? (
        <>
          <form className={styles.panel} onSubmit={save}>
            <fieldset>
              <legend>Who holds a seat</legend>
              {members.map((m) => (
                <div key={m.id} className={authStyles.check}>
                  <input
                    id={`seat-${m.id}`}
                    name="seat"
                    value={m.id}
                    type="checkbox"
                    className={authStyles.checkbox}
                    defaultChecked={held.has(m.id)}
                  />
                  <label htmlFor={`seat-${m.id}`}>
                    {m.name} ({m.email})
                  </label>
                </div>
              ))}
            </fieldset>
            <FormError message={s.error} />
            <button type="submit" className={authStyles.button} disabled={s.busy}>
              Save seats
            </button>
            <Saved message={s.saved} />
          </form>
          <form className={styles.panel} onSubmit={fewer}>
            <Field
              id="seat_count"
              label="Seats from the next period"
              type="number"
              min={1}
              max={settings.seats}
              defaultValue={settings.next_seats ?? settings.seats}
              errors={s.fields.seat_count}
            />
            <button type="submit" className={authStyles.secondary} disabled={s.busy}>
              Change seat count
            </button>
          </form>
        </>
      ) : null}
    </>
  );
}

/** The forms of a service's page, for what the person's role may do. */
export function ServiceSettings(props: Props) {
  return (
    <>
      {props.canBill && props.service.status !== 'released' ? (
        <AutoRenew service={props.service} />
      ) : null}
      {props.service.type === 'domain' ? <DomainSettings {...props} /> : null}
      {props.service.type === 'number' ? <NumberSettings {...props} /> : null}
      {props.service.type === 'plan' ? <PlanSettings {...props} /> : null}
    </>
  );
}
