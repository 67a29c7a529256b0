'use client';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { ConfirmButton } from '@/components/form/confirm-button';
import formStyles from '@/components/form/form.module.css';
import { FormStatus } from '@/components/form/form-error';
import { Field, FormError } from '@/components/form/field';
import { useFormAction } from '@/components/form/use-form-action';
import { browserApi } from '@/lib/browser-api';
import { utcMinute } from '@/lib/utc-minute';
import styles from '../components/admin.module.css';
import { hostLabel, removalQuestion, removedNotice } from './host-label';

export type HostRow = {
  host: string;
  /** The host in Unicode; the same as `host` for a plain ASCII name. */
  unicode: string;
  status: 'pending' | 'verified' | 'record_missing';
  record: { name: string; type: 'TXT'; value: string };
  verified_at: string | null;
  checked_at: string | null;
  serving_until: string | null;
  claim_expires_at: string | null;
};

/** Who runs the platform, for an owner to ask (the invoices' platform, decision 0231). */
export type PlatformContact = { name: string; email: string | null };

const STATUS: Record<HostRow['status'], { label: string; tone: 'warn' | 'good' | 'bad' }> = {
  pending: { label: 'Waiting for its TXT record', tone: 'warn' },
  verified: { label: 'Verified: serving the store', tone: 'good' },
  record_missing: { label: 'Record gone: still serving for a while', tone: 'bad' },
};

/**
 * The store's hosts: each with its status, the records to create (the TXT record that proves it,
 * and where to point it, `target` being the operator's STORE_HOST_TARGET, or else the operator to
 * ask), a Verify button (looks the record up now) and Remove; and the form to add a host. What
 * Verify or Remove answers shows in that host's card, beside the button pressed. An
 * internationalised host shows in Unicode beside its punycode (decision 0329). Owners only
 * (hosts.write).
 */
export function HostsPanel({
  hosts,
  target,
  operator,
}: {
  hosts: HostRow[];
  target: string | null;
  operator: PlatformContact;
}) {
  const router = useRouter();
  const add = useFormAction('Check the host name.');
  const each = useFormAction('The request is not valid.');
  const [notice, setNotice] = useState<string | null>(null);
  // The host whose Verify or Remove ran last, and what Verify said.
  const [acted, setActed] = useState<string | null>(null);
  const [cardNotice, setCardNotice] = useState<string | null>(null);
  const path = (host: string) => `/api/store-admin/hosts/${encodeURIComponent(host)}`;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const host = String(new FormData(form).get('host') ?? '');
    setNotice(null);
    let added = '';
    const ok = await add.run(async () => {
      // The host as the server keeps it (no scheme or path, IDN as punycode), not as typed.
      const { data } = (await browserApi.post('/api/store-admin/hosts', { host })).data;
      added = hostLabel(data.host, data.unicode);
    });
    if (ok) {
      setNotice(`${added} is added: set its TXT record, then press Verify.`);
      form.reset();
      router.refresh();
    }
  }

  async function verify(row: HostRow) {
    if (each.waiting) return;
    setNotice(null);
    setCardNotice(null);
    setActed(row.host);
    if (await each.run(() => browserApi.post(`${path(row.host)}/verify`, {}))) {
      setCardNotice(`${hostLabel(row.host, row.unicode)} is verified: it serves the store now.`);
      router.refresh();
    }
  }

  async function remove(row: HostRow) {
    setNotice(null);
    setCardNotice(null);
    setActed(row.host);
    if (await each.run(() => browserApi.delete(path(row.host)))) {
      setActed(null);
      setNotice(removedNotice(row, hostLabel(row.host, row.unicode)));
      router.refresh();
    }
  }

  // An answer about a host that is no longer listed shows above the list.
  const actedListed = acted !== null && hosts.some((h) => h.host === acted);

  return (
    <>
      <FormStatus message={notice} />
      {actedListed ? null : <FormError message={each.error} />}
      {hosts.length === 0 ? (
        <p className={styles.empty}>No host of your own has been added yet.</p>
      ) : (
        <ul className={`${styles.cards} ${styles.hostCards}`} aria-label="Hosts">
          {hosts.map((h) => (
            <li key={h.host} className={styles.panel} data-host={h.host}>
              <h2>{hostLabel(h.host, h.unicode)}</h2>
              <p>
                <span className={`${styles.badge} ${styles[STATUS[h.status].tone]}`}>
                  {STATUS[h.status].label}
                </span>
              </p>
              {h.serving_until ? <p>Stops serving at {utcMinute(h.serving_until)}.</p> : null}
              {h.claim_expires_at ? (
                <p>
                  Verify by {utcMinute(h.claim_expires_at)}: after that, another store may claim
                  this host.
                </p>
              ) : null}
              {h.checked_at ? <p>Last looked up at {utcMinute(h.checked_at)}.</p> : null}
              <h3>Records to create in the host&apos;s DNS</h3>
              <dl>
                <dt>1. To prove it is yours: a TXT record named</dt>
                <dd>
                  <code data-testid="txt-name">{h.record.name}</code>
                </dd>
                <dt>with the value</dt>
                <dd>
                  <code data-testid="txt-value" className={styles.token}>
                    {h.record.value}
                  </code>
                </dd>
                <dt>2. For visitors to reach the store:</dt>
                <dd data-testid="host-pointer">
                  {target ? (
                    <>
                      a CNAME record named <code>{h.host}</code> pointing to <code>{target}</code>
                    </>
                  ) : (
                    <>
                      a record pointing to this platform: ask its operator, {operator.name}
                      {operator.email ? ` (${operator.email})` : ''}, for the name or address
                    </>
                  )}
                </dd>
              </dl>
              <p className={styles.row}>
                <button
                  type="button"
                  className={formStyles.button}
                  // aria-disabled, not disabled: a disabled button drops the focus to the page.
                  aria-disabled={each.waiting}
                  onClick={() => verify(h)}
                >
                  Verify<span className={styles.hidden}> {hostLabel(h.host, h.unicode)}</span>
                </button>
                <ConfirmButton
                  label="Remove"
                  name={hostLabel(h.host, h.unicode)}
                  question={removalQuestion(h, hostLabel(h.host, h.unicode))}
                  confirm="Yes, remove"
                  disabled={each.waiting}
                  onConfirm={() => remove(h)}
                />
              </p>
              {acted === h.host ? (
                <>
                  <FormError message={each.error} />
                  <FormStatus message={cardNotice} />
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}

      <h2 id="add-host-title">Add a host</h2>
      <form
        method="post"
        className={formStyles.form}
        onSubmit={submit}
        aria-labelledby="add-host-title"
        noValidate
      >
        <FormError message={add.error} />
        <Field
          id="host"
          label="Host name"
          hint="For example shop.example.com. Its card then shows the DNS records to create."
          autoComplete="off"
          required
          errors={add.fields.host}
        />
        <button type="submit" className={formStyles.button} disabled={add.waiting}>
          Add the host
        </button>
      </form>
    </>
  );
}
