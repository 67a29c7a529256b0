'use client';
import { useRouter } from 'next/navigation';
import authStyles from '@/components/form/form.module.css';
import { FormError } from '@/components/form/field';
import { useFormAction } from '@/components/form/use-form-action';
import { ROLE_LABELS, ROLES, type Role } from '@/features/access/roles';
import type { Member } from '@/features/auth/team-types';
import { browserApi } from '@/lib/browser-api';
import styles from './dashboard.module.css';

/** The team with a role choice and a remove button for those who may change them. */
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
  const action = useFormAction('That role is not valid.');
  async function setRole(id: string, role: Role) {
    if (await action.run(() => browserApi.patch(`/api/account/members/${id}`, { role })))
      router.refresh();
  }
  async function remove(id: string) {
    if (await action.run(() => browserApi.delete(`/api/account/members/${id}`))) {
      if (id === me) router.push('/login');
      else router.refresh();
    }
  }
  return (
    <>
      <FormError message={action.error} />
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
            {members.map((m) => (
              <tr key={m.id}>
                <td>{m.name}</td>
                <td data-label="E-mail">{m.email}</td>
                <td data-label="Role">
                  {manage && m.role !== 'owner' ? (
                    <select
                      aria-label={`Role of ${m.name}`}
                      className={authStyles.input}
                      defaultValue={m.role}
                      disabled={action.waiting}
                      onChange={(e) => setRole(m.id, e.target.value as Role)}
                    >
                      {ROLES.filter((r) => r !== 'owner').map((r) => (
                        <option key={r} value={r}>
                          {ROLE_LABELS[r]}
                        </option>
                      ))}
                    </select>
                  ) : (
                    ROLE_LABELS[m.role]
                  )}
                </td>
                <td>
                  {m.role !== 'owner' && (manage || m.id === me) ? (
                    <button
                      type="button"
                      className={authStyles.secondary}
                      disabled={action.waiting}
                      onClick={() => remove(m.id)}
                    >
                      {m.id === me ? 'Leave the account' : `Remove ${m.name}`}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
