import Link from 'next/link';
import { notFound } from 'next/navigation';
import { isApiError } from '@/lib/http/api-response';
import { isUuid } from '@/lib/uuid';
import { can } from '@/features/access/roles';
import { pageCaller } from '@/features/access/server/caller.server';
import { accountMembers } from '@/features/auth/server/team.server';
import { formatMoney, vatNote } from '@/features/pricing/format-money';
import { pdnsConfig } from '@/features/dns/server/pdns-client.server';
import { serviceDetail } from '@/features/services/server/service-settings.server';
import { hasPaymentMethod, restoreGross } from '../server/dashboard-page.server';
import { domainLife } from '../domain-life';
import { formatDay } from '../format';
import { DashboardFrame } from './dashboard-frame';
import styles from './dashboard.module.css';
import { ServiceSettings } from './service-settings';
import { SignInFirst } from './sign-in-first';
import { StatusBadge } from './status-badge';
import { siteVersionOfCurrency } from '@/features/site-version/site-version';

const SECTION = { domain: 'domains', domain_transfer: 'domains', number: 'numbers', plan: 'plans' };

/** One service: its facts, then the settings the person's role may change. */
export async function ServicePage({ id }: { id: string }) {
  const viewer = await pageCaller();
  if (!viewer) return <SignInFirst title="Service" />;
  if (!isUuid(id)) notFound();
  let service;
  try {
    service = await serviceDetail(viewer, id);
  } catch (error) {
    if (isApiError(error) && error.status === 404) notFound();
    throw error;
  }
  const sv = viewer.siteVersion;
  const title = service.settings.type === 'number' ? service.settings.display : service.name;
  const money = siteVersionOfCurrency(service.currency);
  const kept = await hasPaymentMethod(viewer);
  // A plan with fewer seats from the next period renews at their price (what the bill charges).
  const nextPrice = service.settings.type === 'plan' ? service.settings.next_price : null;
  const life =
    service.settings.type === 'domain'
      ? domainLife({
          status: service.status,
          expiresAt: service.expires_at,
          autoRenew: service.auto_renew,
          renewalGross: service.price.gross,
          restoreGross: restoreGross(viewer.store, money, service.settings.domain),
          hasPaymentMethod: kept,
          siteVersion: money,
        })
      : null;
  return (
    <DashboardFrame current={`/dashboard/${SECTION[service.type]}`} viewer={viewer} title={title}>
      <dl className={styles.panel}>
        <dt>Status</dt>
        <dd>
          <StatusBadge status={service.status} />
        </dd>
        <dt>{service.type === 'domain' ? 'Expires' : 'Renews'}</dt>
        <dd>{formatDay(service.expires_at ?? service.renews_at, sv)}</dd>
        <dt>Renewal price</dt>
        <dd>
          {formatMoney(nextPrice?.gross ?? service.price.gross, money)} a {service.period}
          {vatNote(nextPrice ?? service.price)}
          {nextPrice && service.settings.type === 'plan'
            ? ` for ${service.settings.next_seats} ${service.settings.next_seats === 1 ? 'seat' : 'seats'}, from the next period`
            : ''}
        </dd>
      </dl>
      {/* Offered only where the platform hosts DNS: elsewhere the page would only say it does not. */}
      {service.type === 'domain' && pdnsConfig() ? (
        <p>
          <Link prefetch={false} href={`/dashboard/services/${service.id}/dns`}>
            DNS records
          </Link>
        </p>
      ) : null}
      {life && life.next.length > 0 ? (
        <section className={styles.panel} aria-labelledby="next-title">
          <h2 id="next-title">What happens next</h2>
          {life.next.map((sentence) => (
            <p key={sentence}>{sentence}</p>
          ))}
        </section>
      ) : null}
      <ServiceSettings
        service={service}
        members={(await accountMembers(viewer)).map((m) => ({
          id: m.id,
          name: m.name,
          email: m.email,
        }))}
        canManage={can(viewer.role, 'services.manage')}
        canBill={can(viewer.role, 'billing.manage')}
        canSecret={can(viewer.role, 'services.secret')}
        life={life}
        hasPaymentMethod={kept}
      />
    </DashboardFrame>
  );
}
