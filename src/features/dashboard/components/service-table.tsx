import Link from 'next/link';
import { displayPhoneNumber } from '@/lib/phone-display';
import { formatMoney, vatNote } from '@/features/pricing/format-money';
import { ENDED_STATUSES, type Service } from '@/features/services/service-types';
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
  hasPaymentMethod,
}: {
  services: Service[];
  /** Without a kept payment method auto-renew charges nothing, so it never reads "On". */
  hasPaymentMethod: boolean;
  siteVersion: SiteVersionId;
  caption: string;
  dateLabel: string;
  empty: string;
}) {
  if (services.length === 0) return <p className={styles.empty}>{empty}</p>;
  return (
    <div className={styles.tableWrap} tabIndex={0} role="region" aria-label={caption}>
      <table className={`${styles.table} ${styles.cards}`}>
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
                  {serviceName(s)}
                </Link>
              </td>
              <td data-label="Status">
                <StatusBadge status={s.cancel_at_period_end ? 'ends at period end' : s.status} />
              </td>
              {ENDED_STATUSES.includes(s.status) ? (
                // An ended service (released, cancelled, failed) has no date ahead, renews
                // never and costs nothing more: its old expiry and price would say otherwise.
                <>
                  <td data-label={dateLabel}>
                    <Nothing />
                  </td>
                  <td data-label="Auto-renew">
                    <Nothing />
                  </td>
                  <td data-label="Price">
                    <Nothing />
                  </td>
                </>
              ) : (
                <>
                  <td data-label={dateLabel}>
                    {formatDay(s.expires_at ?? s.renews_at, siteVersion)}
                  </td>
                  <td data-label="Auto-renew">
                    {!s.auto_renew ? 'Off' : hasPaymentMethod ? 'On' : 'Off: no payment method'}
                  </td>
                  <td data-label="Price">
                    {formatMoney(s.price.gross, siteVersionOfCurrency(s.currency))} / {s.period}
                    {vatNote(s.price)}
                  </td>
                </>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An empty cell: a dash to the eye, "none" to a screen reader. */
function Nothing() {
  return (
    <>
      <span aria-hidden="true">–</span>
      <span className={styles.hidden}>none</span>
    </>
  );
}

/** A service's name as people read it: a number in the product's one phone format. */
export function serviceName(s: Pick<Service, 'type' | 'name'>): string {
  return s.type === 'number' ? displayPhoneNumber(s.name) : s.name;
}
