import type { Metadata } from 'next';
import { StoreDefaultPanel } from '@/features/store-admin/dns/components/store-default-panel';
import {
  PREVIEW_ZONE,
  storeDefaultView,
} from '@/features/store-admin/dns/server/store-default.server';
import { AdminFrame } from '@/features/store-admin/components/admin-frame';
import { OwnersOnly } from '@/features/store-admin/components/owners-only';
import { adminViewer } from '@/features/store-admin/server/admin-viewer.server';
import { pageSection } from '@/features/store-admin/server/page-staff.server';

export const metadata: Metadata = { title: 'DNS', robots: { index: false } };
export const dynamic = 'force-dynamic';

/** The shipped DNS templates and the store's default for new domains' zones (owners). */
export default async function AdminDnsPage() {
  const access = await pageSection('dns.templates', '/admin/dns');
  if (!access.allowed) return <OwnersOnly viewer={adminViewer(access.staff)} title="DNS" />;
  const { staff } = access;
  const view = await storeDefaultView(staff);
  return (
    <AdminFrame current="/admin/dns" viewer={adminViewer(staff)} title="DNS">
      <p>
        Every domain sold here gets a zone on the store’s name servers. Its records start with the
        template named below; customers change them on their domain’s DNS tab.
      </p>
      <StoreDefaultPanel
        current={view.template}
        templates={view.templates}
        previewZone={PREVIEW_ZONE}
      />
    </AdminFrame>
  );
}
