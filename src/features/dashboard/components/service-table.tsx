import Link from 'next/link';
import { formatMoney } from '@/features/pricing/format-money';
import type { Service } from '@/features/services/service-types';
import { type SiteVersionId, siteVersionOfCurrency } from '@/features/site-version/site-version';
import { formatDay } from '../format';
import styles from './dashboard.module.css';
import { StatusBadge } from './status-badge';

/** A list of services of one kind: name (to its page), status, the date that matters, renewal. */
export function ServiceTable({
  services,
  siteVersion,
  caption,
  dateLabel,
  empty,
}: {
  services: Service[];
  siteVersion: SiteVersionId;
  caption: string;
  dateLabel: string;
  empty: string;
}) {
  if (services.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={caption}>
      <table className={styles.table}>
        <caption className={styles.hidden}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Status</th>
            <th scope="col">{dateLabel}</th>
            <th scope="col">Auto-renew</th>
            <th scope="col">Price</th>
          </tr>
        </thead>
        <tbody>
          {services.map((s) => (
            <tr key={s.id}>
              <td>
                <Link prefetch={false} href={`/dashboard/services/${s.id}`}>
                  {s.name}
                </Link>
              </td>
              <td>
                <StatusBadge status={s.cancel_at_period_end ? 'ends at period end' : s.status} />
              </td>
              <td>{formatDay(s.expires_at ?? s.renews_at, siteVersion)}</td>
              <td>{s.auto_renew ? 'On' : 'Off'}</td>
              <td>
                {formatMoney(s.price.gross, siteVersionOfCurrency(s.currency))} / {s.period}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
