'use client';
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { authApi, problemOf } from '../api/auth-api';
import { useFormAction } from '@/components/form/use-form-action';
import styles from '@/components/form/form.module.css';
import authStyles from './auth.module.css';
import { dayInWords } from './day-in-words';
import { Field, FormError } from '@/components/form/field';
import { ROLE_LABELS, type Role } from '@/features/access/roles';

type PendingInvite = { id: string; email: string; role: Role; expires_at: string };

const fetchInvites = async (url: string): Promise<PendingInvite[]> =>
  (await authApi.get(url)).data.data.invites;

/** The owner's invitations: send one, see those still open, withdraw one. */
export function InvitesPanel() {
  const send = useFormAction('Check the e-mail address.');
  const [done, setDone] = useState<string | null>(null);
  const [listError, setListError] = useState<string | null>(null);
  const { data: pending, mutate, error: loadError } = useSWR('/api/account/invites', fetchInvites);
  const load = () => mutate();

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const email = String(form.get('invite_email') ?? '');
    const role = String(form.get('invite_role') ?? 'member');
    setDone(null);
    await send.run(async () => {
      const { data } = await authApi.post('/api/account/invites', { email, role });
      // A second invitation to an address replaces the first (docs/decisions/0305).
      const again = (pending ?? []).some((i) => i.email === data.data.email);
      setDone(
        `Invitation ${again ? 'sent again' : 'sent'} to ${data.data.email} as ${ROLE_LABELS[data.data.role as Role]}. ${again ? 'Only this newest link works' : 'It works once'}, within 7 days.`,
      );
      formElement.reset();
      await load();
    });
  }

  async function withdraw(invite: PendingInvite) {
    setDone(null);
    setListError(null);
    try {
      await authApi.delete(`/api/account/invites/${invite.id}`);
      setDone(`The invitation to ${invite.email} is withdrawn; its link no longer works.`);
    } catch (e) {
      setListError(problemOf(e).message);
    }
    await load();
  }

  return (
    <section className={styles.section} aria-labelledby="invite-title">
      <h2 id="invite-title" className={styles.title}>
        Invite a team member
      </h2>
      <form method="post" className={styles.form} onSubmit={submit} noValidate>
        {done ? (
          <p role="status" className={styles.success}>
            {done}
          </p>
        ) : null}
        <FormError message={send.error} />
        <Field
          id="invite_email"
          label="Their e-mail address"
          type="email"
          autoComplete="off"
          required
          errors={send.fields.email}
        />
        <div className={styles.field}>
          <label htmlFor="invite_role" className={styles.label}>
            Their role
          </label>
          <select
            id="invite_role"
            name="invite_role"
            className={styles.input}
            defaultValue="member"
          >
            <option value="member">Member: sees the services</option>
            <option value="technical">Technical: changes service settings, no billing</option>
            <option value="billing">Billing: orders, invoices and payment methods</option>
            <option value="admin">Admin: everything but ownership</option>
          </select>
        </div>
        <button type="submit" className={styles.button} disabled={send.waiting}>
          Send invitation
        </button>
      </form>
      <h3 className={authStyles.subtitle}>Open invitations</h3>
      <FormError message={listError ?? (loadError ? problemOf(loadError).message : null)} />
      {pending === undefined ? null : pending.length === 0 ? (
        <p className={styles.hint}>No invitation is waiting for an answer.</p>
      ) : (
        <ul className={styles.list} aria-label="Open invitations">
          {pending.map((invite) => (
            <li key={invite.id} className={styles.row}>
              <span>
                {invite.email} ({ROLE_LABELS[invite.role]})
                <span className={styles.hint}> until {dayInWords(invite.expires_at)}</span>
              </span>
              <button
                type="button"
                className={styles.secondary}
                onClick={() => withdraw(invite)}
                aria-label={`Withdraw the invitation to ${invite.email}`}
              >
                Withdraw
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
