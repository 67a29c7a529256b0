import type { Metadata } from 'next';
import { AdminFrame } from '@/features/store-admin/components/admin-frame';
import { HostsPanel } from '@/features/store-admin/hosts/hosts-panel';
import { listHosts } from '@/features/store-admin/hosts/hosts.server';
import { adminViewer } from '@/features/store-admin/server/admin-viewer.server';
import { pageStaff } from '@/features/store-admin/server/page-staff.server';
import { getEnv } from '@/lib/env';

export const metadata: Metadata = { title: 'Hosts', robots: { index: false } };
export const dynamic = 'force-dynamic';

/** The store's own hosts, proved by a DNS TXT record (owners). */
export default async function AdminHostsPage() {
  const staff = await pageStaff('hosts.read', '/admin/hosts');
  const { hosts } = await listHosts(staff);
  const target = getEnv().STORE_HOST_TARGET;
  return (
    <AdminFrame current="/admin/hosts" viewer={adminViewer(staff)} title="Hosts">
      <p>
        A host you add serves the store once its DNS holds a TXT record named{' '}
        <code>_storefront-verify.</code> followed by the host, with the value shown below. The
        record is looked up again every hour; a host whose record is gone stops serving after 72
        hours. A host not verified within 7 days of being added may be claimed by another store.
      </p>
      {target ? (
        <p data-testid="host-target">
          For visitors to reach the store, the host also needs a CNAME record pointing to{' '}
          <code>{target}</code>. A name at the top of a domain (example.com rather than
          www.example.com) cannot have a CNAME: give it the addresses <code>{target}</code> has.
        </p>
      ) : (
        <p data-testid="host-target">
          For visitors to reach the store, the host also needs a DNS record pointing to this
          platform. Ask the platform&apos;s operator for the name or address to point it to.
        </p>
      )}
      <HostsPanel
        hosts={hosts.map((h) => ({
          host: h.host,
          status: h.status,
          record: h.record,
          verified_at: h.verified_at,
          checked_at: h.checked_at,
          serving_until: h.serving_until,
          claim_expires_at: h.claim_expires_at,
        }))}
        target={target ?? null}
      />
    </AdminFrame>
  );
}
