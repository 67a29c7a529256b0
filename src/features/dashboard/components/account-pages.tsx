import type { ReactNode } from 'react';
import Link from 'next/link';
import { can } from '@/features/access/roles';
import { pageCaller } from '@/features/access/server/caller.server';
import { accountActivity } from '@/features/activity/server/activity.server';
import { InvitesPanel } from '@/features/auth/components/invites-panel';
import { accountNameOf } from '@/features/auth/server/account-name.server';
import { accountMembers } from '@/features/auth/server/team.server';
import { accountBills, accountOrders } from '@/features/orders/server/orders.server';
import { accountPaymentMethodViews } from '@/features/payments/server/payment-methods.server';
import { formatMoney } from '@/features/pricing/format-money';
import { upcomingServices } from '../server/dashboard-page.server';
import { formatDay, formatMoment } from '../format';
import { AccountNameForm } from './account-name-form';
import { DashboardFrame } from './dashboard-frame';
import styles from './dashboard.module.css';
import { PaymentMethodsList } from './payment-methods-list';
import { SignInFirst } from './sign-in-first';
import { serviceName } from './service-table';
import { StatusBadge } from './status-badge';
import { TeamTable } from './team-table';
import { siteVersionOfCurrency } from '@/features/site-version/site-version';

/**
 * The overview: what renews or lapses within 30 days, what is unpaid, the latest orders. The
 * `now` is the request's (a server render), so a test clock that moved shows here too.
 */
export async function OverviewSection({
  visitor,
  children,
}: {
  /** What a visitor who is not signed in sees instead. */
  visitor: ReactNode;
  /** The account's own part, after the overview. */
  children: ReactNode;
}) {
  const viewer = await pageCaller();
  if (!viewer) return visitor;
  const services = await upcomingServices(viewer);
  const billing = can(viewer.role, 'billing.read');
  const [bills, orders] = billing
    ? await Promise.all([accountBills(viewer), accountOrders(viewer)])
    : [[], []];
  return (
    <DashboardFrame current="/dashboard" viewer={viewer} title="Overview">
      <h2>Renewing or lapsing within 30 days</h2>
      {services.length === 0 ? (
        <p className={styles.empty}>Nothing renews or lapses in the next 30 days.</p>
      ) : (
        <ul>
          {services.map((s) => (
            <li key={s.id}>
              <Link prefetch={false} href={`/dashboard/services/${s.id}`}>
                {serviceName(s)}
              </Link>{' '}
              <StatusBadge status={s.status} />{' '}
              {formatDay(s.expires_at ?? s.renews_at, viewer.siteVersion)}
            </li>
          ))}
        </ul>
      )}
      {billing ? (
        <>
          <h2>Unpaid</h2>
          {bills.length === 0 ? (
            <p className={styles.empty}>Nothing to pay.</p>
          ) : (
            <ul>
              {bills.map((b) => (
                <li key={b.order_id}>
                  <Link prefetch={false} href={`/orders/${b.order_id}`}>
                    {b.number}
                  </Link>{' '}
                  <StatusBadge status={b.status} />{' '}
                  {formatMoney(b.totals.gross, siteVersionOfCurrency(b.currency))}, due{' '}
                  {formatDay(b.due_at, viewer.siteVersion)}
                </li>
              ))}
            </ul>
          )}
          <h2>Recent orders</h2>
          {orders.length === 0 ? (
            <p className={styles.empty}>No orders yet.</p>
          ) : (
            <ul>
              {orders.slice(0, 5).map((o) => (
                <li key={o.id}>
                  <Link prefetch={false} href={`/orders/${o.id}`}>
                    {o.number}
                  </Link>{' '}
                  <StatusBadge status={o.status} />{' '}
                  {formatMoney(o.totalGross, siteVersionOfCurrency(o.currency))}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
      <h2>Your account</h2>
      {children}
    </DashboardFrame>
  );
}

export async function TeamPage() {
  const viewer = await pageCaller();
  if (!viewer) return <SignInFirst title="Team" />;
  const manage = can(viewer.role, 'team.manage');
  return (
    <DashboardFrame current="/dashboard/team" viewer={viewer} title="Team">
      {manage ? <AccountNameForm name={await accountNameOf(viewer)} /> : null}
      <TeamTable members={await accountMembers(viewer)} manage={manage} me={viewer.userId} />
      {manage ? <InvitesPanel /> : null}
    </DashboardFrame>
  );
}

export async function PaymentMethodsPage() {
  const viewer = await pageCaller();
  if (!viewer) return <SignInFirst title="Payment methods" />;
  const title = 'Payment methods';
  if (!can(viewer.role, 'billing.read')) {
    return (
      <DashboardFrame current="/dashboard/payment-methods" viewer={viewer} title={title}>
        <p>Your role in this account does not include payment methods.</p>
      </DashboardFrame>
    );
  }
  return (
    <DashboardFrame current="/dashboard/payment-methods" viewer={viewer} title={title}>
      <PaymentMethodsList
        methods={await accountPaymentMethodViews(viewer)}
        manage={can(viewer.role, 'billing.manage')}
      />
    </DashboardFrame>
  );
}

export async function ActivityPage() {
  const viewer = await pageCaller();
  if (!viewer) return <SignInFirst title="Activity" />;
  if (!can(viewer.role, 'audit.read')) {
    return (
      <DashboardFrame current="/dashboard/activity" viewer={viewer} title="Activity">
        <p>Only the account’s owner reads its activity log.</p>
      </DashboardFrame>
    );
  }
  const events = await accountActivity(viewer);
  return (
    <DashboardFrame current="/dashboard/activity" viewer={viewer} title="Activity">
      <div
        className={styles.tableWrap}
        tabIndex={0}
        role="region"
        aria-label="Activity, newest first"
      >
        <table className={`${styles.table} ${styles.cards}`}>
          <caption className={styles.hidden}>Activity, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When (UTC)</th>
              <th scope="col">Who</th>
              <th scope="col">What</th>
              <th scope="col">On</th>
              <th scope="col">From</th>
            </tr>
          </thead>
          <tbody>
            {events.map((e, i) => (
              <tr key={`${e.at}-${i}`}>
                <td>{formatMoment(e.at, viewer.siteVersion)}</td>
                <td data-label="Who">{e.actor}</td>
                <td data-label="What">{e.action.replace(/[._]/g, ' ')}</td>
                <td data-label="On">{e.target}</td>
                <td data-label="From">{e.ip ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </DashboardFrame>
  );
}
