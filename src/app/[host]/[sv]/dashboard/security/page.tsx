import type { Metadata } from 'next';
import { AuthCard } from '@/components/form/auth-card';
import { SecurityPanel } from '@/features/auth/components/security-panel';
import { securityPageData } from '@/features/auth/server/security-page.server';
import { DashboardFrame } from '@/features/dashboard/components/dashboard-frame';
import { pageCaller } from '@/features/access/server/caller.server';

export const metadata: Metadata = { title: 'Security', robots: { index: false } };
// One customer's settings: rendered per request with them, like the other dashboard pages
// (decisions 0105, 0110).
export const dynamic = 'force-dynamic';

/** The security settings inside the dashboard's frame, so its navigation is there as elsewhere. */
export default async function SecurityPage() {
  const [viewer, initial] = await Promise.all([pageCaller(), securityPageData()]);
  if (!viewer || !initial) {
    return (
      <AuthCard title="Security" wide>
        <SecurityPanel initial={null} />
      </AuthCard>
    );
  }
  return (
    <DashboardFrame current="/dashboard/security" viewer={viewer} title="Security">
      <SecurityPanel initial={initial} />
    </DashboardFrame>
  );
}
