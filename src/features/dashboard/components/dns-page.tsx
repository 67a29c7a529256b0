import Link from 'next/link';
import { notFound } from 'next/navigation';
import { isApiError } from '@/lib/http/api-response';
import { isUuid } from '@/lib/uuid';
import { can } from '@/features/access/roles';
import { pageCaller } from '@/features/access/server/caller.server';
import { DnsEditor } from '@/features/dns/components/dns-editor';
import { dnsView } from '@/features/dns/server/dns.server';
import { DashboardFrame } from './dashboard-frame';
import styles from './dashboard.module.css';
import { SignInFirst } from './sign-in-first';

/** A domain's DNS tab: its zone's records, templates and DNSSEC, or why there is none. */
export async function DnsPage({ id }: { id: string }) {
  const viewer = await pageCaller();
  if (!viewer) return <SignInFirst title="DNS" />;
  if (!isUuid(id)) notFound();
  let dns;
  try {
    dns = await dnsView(viewer, id);
  } catch (error) {
    if (isApiError(error) && (error.status === 404 || error.status === 409)) notFound();
    throw error;
  }
  const title = dns.hosting ? `DNS of ${dns.zone_display}` : 'DNS';
  return (
    <DashboardFrame current="/dashboard/domains" viewer={viewer} title={title}>
      <p>
        <Link prefetch={false} href={`/dashboard/services/${id}`}>
          Back to the domain
        </Link>
      </p>
      {!dns.hosting ? (
        <p className={styles.panel}>{dns.message}</p>
      ) : (
        <>
          <dl className={styles.panel}>
            <dt>Name servers</dt>
            <dd>{dns.nameservers.join(', ')}</dd>
            <dt>Serial</dt>
            <dd>{dns.serial}</dd>
            <dt>State</dt>
            <dd>{dns.sync === 'waiting' ? 'Waiting to sync' : 'Served as shown'}</dd>
          </dl>
          {!dns.in_use ? (
            <p className={styles.panel} role="note">
              This domain uses other name servers: this zone is kept, but it is not in use.
            </p>
          ) : null}
          <DnsEditor
            serviceId={id}
            zone={dns.zone_display}
            records={dns.records}
            canManage={can(viewer.role, 'services.manage')}
            dnssec={dns.dnssec}
          />
        </>
      )}
    </DashboardFrame>
  );
}
