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
import { STAFF_ROLE_LABELS as ROLE_LABELS, STAFF_ROLES, type StaffRole } from '../roles';
import styles from './admin.module.css';

export type StaffMember = {
  id: string;
  email: string;
  name: string;
  role: StaffRole;
  you: boolean;
};
export type OpenInvite = {
  id: string;
  email: string;
  role: StaffRole;
  expires_at: string;
  expired: boolean;
};

/** The store's staff with a remove button each, open invitations, and the invite form (owners). */
export function StaffPanel({ staff, invites }: { staff: StaffMember[]; invites: OpenInvite[] }) {
  const router = useRouter();
  const list = useFormAction('Check the fields marked below.');
  const invite = useFormAction('Check the fields marked below.');
  const invitations = useFormAction(
    'A new invitation could not be sent to this address: it is staff already, or has one.',
  );
  const [notice, setNotice] = useState<string | null>(null);

  async function remove(member: StaffMember) {
    setNotice(null);
    if (await list.run(() => browserApi.delete(`/api/store-admin/staff/${member.id}`))) {
      if (member.you) router.push('/');
      else {
        setNotice(`${member.email} is no longer on the staff.`);
        router.refresh();
      }
    }
  }

  /** Withdraws an invitation: its link stops working. */
  async function withdraw(open: OpenInvite) {
    setNotice(null);
    if (await invitations.run(() => browserApi.delete(`/api/store-admin/invites/${open.id}`))) {
      setNotice(`The invitation to ${open.email} is withdrawn; its link no longer works.`);
      router.refresh();
    }
  }

  /**
   * A new invitation in place of one that was lost or ran out: the old one is withdrawn (its link
   * stops working), then the same address is invited again with the same role.
   */
  async function sendAgain(open: OpenInvite) {
    setNotice(null);
    if (!(await invitations.run(() => browserApi.delete(`/api/store-admin/invites/${open.id}`))))
      return;
    const ok = await invitations.run(() =>
      browserApi.post('/api/store-admin/staff', { email: open.email, role: open.role }),
    );
    if (ok)
      setNotice(
        `A new invitation is on its way to ${open.email}; the earlier link no longer works.`,
      );
    router.refresh();
  }

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const email = String(data.get('invite_email') ?? '');
    setNotice(null);
    const ok = await invite.run(() =>
      browserApi.post('/api/store-admin/staff', { email, role: String(data.get('invite_role')) }),
    );
    if (ok) {
      setNotice(`An invitation is on its way to ${email.trim().toLowerCase()}.`);
      form.reset();
      router.refresh();
    }
  }

  const removeButton = (m: StaffMember) => (
    <ConfirmButton
      label="Remove"
      name={m.email}
      question={
        m.you
          ? 'Remove yourself from the staff? You lose this admin at once.'
          : `Remove ${m.email} from the staff? They lose this admin at once.`
      }
      confirm="Yes, remove"
      disabled={list.waiting}
      onConfirm={() => remove(m)}
    />
  );

  return (
    <>
      <div className={styles.messages}>
        <FormStatus message={notice} />
        <FormError message={list.error} />
      </div>
      {/* A line per member, as the invitations below: a table's four columns scrolled sideways
          on a phone, with Remove past the screen's edge. */}
      <h2 id="members-title">Staff members</h2>
      <ul aria-labelledby="members-title" className={styles.invites}>
        {staff.map((m) => (
          <li key={m.id} className={styles.invite}>
            <span>
              <strong>{m.name}</strong>
              <br />
              {m.email} ({ROLE_LABELS[m.role]})
            </span>
            {removeButton(m)}
          </li>
        ))}
      </ul>

      <h2 id="invites-title">Invitations</h2>
      <FormError message={invitations.error} />
      {invites.length === 0 ? (
        <p className={styles.empty}>No invitation is waiting.</p>
      ) : (
        <ul aria-labelledby="invites-title" className={styles.invites}>
          {invites.map((i) => (
            <li key={i.id} className={styles.invite}>
              <span>
                {i.email} ({ROLE_LABELS[i.role]}),{' '}
                {i.expired ? 'expired' : `until ${utcMinute(i.expires_at)}`}
              </span>
              <span className={styles.inviteActions}>
                <button
                  type="button"
                  className={formStyles.secondary}
                  aria-label={`Send again to ${i.email}`}
                  disabled={invitations.waiting}
                  onClick={() => sendAgain(i)}
                >
                  Send again
                </button>
                <ConfirmButton
                  label="Withdraw"
                  name={`the invitation to ${i.email}`}
                  question={`Withdraw the invitation to ${i.email}? Its link stops working.`}
                  confirm="Yes, withdraw"
                  disabled={invitations.waiting}
                  onConfirm={() => withdraw(i)}
                />
              </span>
            </li>
          ))}
        </ul>
      )}

      <h2 id="invite-title">Invite someone</h2>
      <form
        method="post"
        className={formStyles.form}
        onSubmit={send}
        aria-labelledby="invite-title"
        noValidate
      >
        <FormError message={invite.error} />
        <Field
          id="invite_email"
          label="E-mail address"
          type="email"
          autoComplete="off"
          required
          errors={invite.fields.email}
        />
        <div className={formStyles.field}>
          <label htmlFor="invite_role" className={formStyles.label}>
            Role
          </label>
          <select
            id="invite_role"
            name="invite_role"
            className={formStyles.input}
            defaultValue="store_staff"
          >
            {STAFF_ROLES.map((r) => (
              <option key={r} value={r}>
                {ROLE_LABELS[r]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={formStyles.button} disabled={invite.waiting}>
          Send the invitation
        </button>
      </form>
    </>
  );
}
