import type { Metadata } from 'next';
import { AdminFrame } from '@/features/store-admin/components/admin-frame';
import { HostsPanel } from '@/features/store-admin/hosts/hosts-panel';
import { listHosts } from '@/features/store-admin/hosts/hosts.server';
import { adminViewer } from '@/features/store-admin/server/admin-viewer.server';
import { pageStaff } from '@/features/store-admin/server/page-staff.server';

export const metadata: Metadata = { title: 'Hosts', robots: { index: false } };
export const dynamic = 'force-dynamic';

/** The store's own hosts, proved by a DNS TXT record (owners). */
export default async function AdminHostsPage() {
  const staff = await pageStaff('hosts.read', '/admin/hosts');
  const { hosts } = await listHosts(staff);
  return (
    <AdminFrame current="/admin/hosts" viewer={adminViewer(staff)} title="Hosts">
      <p>
        A host you add serves the store once its DNS holds a TXT record named{' '}
        <code>_storefront-verify.</code> followed by the host, with the value shown below. The
        record is looked up again every hour; a host whose record is gone stops serving after 72
        hours.
      </p>
      <HostsPanel
        hosts={hosts.map((h) => ({
          host: h.host,
          status: h.status,
          record: h.record,
          verified_at: h.verified_at,
          checked_at: h.checked_at,
          serving_until: h.serving_until,
        }))}
      />
    </AdminFrame>
  );
}
