'use client';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import authStyles from '@/components/form/form.module.css';
import { FormError, FormStatus } from '@/components/form/form-error';
import { useFormAction } from '@/components/form/use-form-action';
import { ROLE_LABELS, ROLES, isRole, type Role } from '@/features/access/roles';
import type { Member } from '@/features/auth/team-types';
import { browserApi } from '@/lib/browser-api';
import styles from './dashboard.module.css';

/** The roles an owner or admin gives here: the owner's changes only when the owner hands over. */
const GIVEN_ROLES = ROLES.filter((r) => r !== 'owner');

/**
 * The team with a role choice and a remove button for those who may change them. A role is
 * changed by its row's "Change role" button, never by the choice alone (arrow keys on a closed
 * select change it in Chromium): the answer is said above the table, a refusal beside the choice
 * (docs/decisions/0328).
 */
export function TeamTable({
  members,
  manage,
  me,
}: {
  members: Member[];
  manage: boolean;
  me: string;
}) {
  const router = useRouter();
  const roleAction = useFormAction('Choose one of the roles.');
  const removeAction = useFormAction('The person could not be removed.');
  const waiting = roleAction.waiting || removeAction.waiting;
  // The row whose role change was refused: its message shows beside its choice.
  const [refusedRow, setRefusedRow] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  async function setRole(event: FormEvent<HTMLFormElement>, member: Member) {
    event.preventDefault();
    const chosen = String(new FormData(event.currentTarget).get('role') ?? '');
    setStatus(null);
    setRefusedRow(member.id);
    const who = member.id === me ? 'You are' : `${member.name} is`;
    if (chosen === member.role) {
      roleAction.refuse(`${who} ${ROLE_LABELS[member.role]} already: choose another role.`);
      return;
    }
    const role: Role = isRole(chosen) ? chosen : 'member';
    if (
      await roleAction.run(() => browserApi.patch(`/api/account/members/${member.id}`, { role }))
    ) {
      setStatus(`${who} now ${ROLE_LABELS[role]}.`);
      router.refresh();
    }
  }
  async function remove(member: Member) {
    setStatus(null);
    roleAction.setError(null);
    if (await removeAction.run(() => browserApi.delete(`/api/account/members/${member.id}`))) {
      if (member.id === me) router.push('/login');
      else {
        setStatus(`${member.name} is no longer in the account.`);
        router.refresh();
      }
    }
  }
  return (
    <>
      <FormStatus message={status} />
      <FormError message={removeAction.error} />
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Team members">
        <table className={`${styles.table} ${styles.cards}`}>
          <caption className={styles.hidden}>Team members</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">
                <span className={styles.hidden}>Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => {
              const selectId = `role-${m.id}`;
              const refused = refusedRow === m.id && roleAction.error ? roleAction.error : null;
              return (
                <tr key={m.id}>
                  <td>{m.name}</td>
                  <td data-label="E-mail">{m.email}</td>
                  <td data-label="Role">
                    {manage && m.role !== 'owner' ? (
                      <form
                        method="post"
                        className={styles.roleForm}
                        onSubmit={(e) => setRole(e, m)}
                        noValidate
                      >
                        <select
                          id={selectId}
                          name="role"
                          aria-label={`Role of ${m.name}`}
                          className={authStyles.input}
                          defaultValue={m.role}
                          aria-invalid={refused ? true : undefined}
                          aria-describedby={refused ? `${selectId}-error` : undefined}
                        >
                          {GIVEN_ROLES.map((r) => (
                            <option key={r} value={r}>
                              {ROLE_LABELS[r]}
                            </option>
                          ))}
                        </select>
                        <button
                          type="submit"
                          className={authStyles.secondary}
                          aria-label={`Change role of ${m.name}`}
                          disabled={waiting}
                        >
                          Change role
                        </button>
                        {refused ? (
                          <p
                            id={`${selectId}-error`}
                            role="alert"
                            className={authStyles.fieldError}
                          >
                            {refused}
                          </p>
                        ) : null}
                      </form>
                    ) : (
                      ROLE_LABELS[m.role]
                    )}
                  </td>
                  <td>
                    {m.role !== 'owner' && (manage || m.id === me) ? (
                      <button
                        type="button"
                        className={authStyles.secondary}
                        disabled={waiting}
                        onClick={() => remove(m)}
                      >
                        {m.id === me ? 'Leave the account' : `Remove ${m.name}`}
                      </button>
                    ) : null}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}
