import Link from 'next/link';
import styles from './admin.module.css';

export type AuditEntry = {
  id: string;
  at: string;
  actor: string;
  ip: string | null;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
};

const shown = (value: unknown) =>
  value === null || value === undefined ? '—' : JSON.stringify(value, null, 1);

/** The admin's audit as a table: when, who, from where, what, before and after. */
export function AuditTable({
  entries,
  nextCursor,
}: {
  entries: AuditEntry[];
  nextCursor: string | null;
}) {
  if (entries.length === 0) return <p className={styles.empty}>No change has been made yet.</p>;
  return (
    <>
      <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Audit entries">
        <table className={styles.table}>
          <caption className={styles.hidden}>Changes made in the admin, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When (UTC)</th>
              <th scope="col">Who</th>
              <th scope="col">Address</th>
              <th scope="col">What</th>
              <th scope="col">Before</th>
              <th scope="col">After</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id}>
                <td>
                  <time dateTime={e.at}>{e.at.slice(0, 19).replace('T', ' ')}</time>
                </td>
                <td>{e.actor}</td>
                <td>{e.ip ?? '—'}</td>
                <td>
                  {e.action}
                  {e.target ? ` ${e.target}` : ''}
                </td>
                <td>
                  <pre className={styles.change}>{shown(e.before)}</pre>
                </td>
                <td>
                  <pre className={styles.change}>{shown(e.after)}</pre>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {nextCursor ? (
        <p className={styles.pager}>
          <Link prefetch={false} href={`/admin/audit?cursor=${nextCursor}`}>
            Older changes
          </Link>
        </p>
      ) : null}
    </>
  );
}
