import type { Metadata } from 'next';
import { AdminFrame } from '@/features/store-admin/components/admin-frame';
import { OwnersOnly } from '@/features/store-admin/components/owners-only';
import { PricesPanel } from '@/features/store-admin/prices/components/prices-panel';
import { listPrices } from '@/features/store-admin/prices/server/prices.server';
import { adminViewer } from '@/features/store-admin/server/admin-viewer.server';
import { pageSection } from '@/features/store-admin/server/page-staff.server';

export const metadata: Metadata = { title: 'Prices', robots: { index: false } };
export const dynamic = 'force-dynamic';

/** The store's TLD prices over the platform's cost (owners). */
export default async function AdminPricesPage() {
  const access = await pageSection('prices.read', '/admin/prices');
  if (!access.allowed) return <OwnersOnly viewer={adminViewer(access.staff)} title="Prices" />;
  const { staff } = access;
  const { items } = await listPrices(staff);
  return (
    <AdminFrame current="/admin/prices" viewer={adminViewer(staff)} title="Prices">
      <p>
        Yearly prices before VAT. The platform’s cost is the least you can ask; the margin is what
        you keep. A switched-off TLD is not offered in search.
      </p>
      <PricesPanel items={items} />
    </AdminFrame>
  );
}
