import type { Metadata } from 'next';
import { AuthCard } from '@/components/form/auth-card';
import { DashboardHome } from '@/features/auth/components/dashboard-home';
import { OverviewSection } from '@/features/dashboard/components/account-pages';

export const metadata: Metadata = { title: 'Your account', robots: { index: false } };
export const dynamic = 'force-dynamic';

/**
 * The dashboard's overview, rendered per request for the signed-in customer (decision 0105): what
 * renews or lapses soon, what is unpaid, the latest orders; then who is signed in, sign-out and
 * invitations. A visitor is asked to sign in.
 */
export default function DashboardPage() {
  return (
    <OverviewSection
      visitor={
        <AuthCard title="Your account" wide>
          <DashboardHome />
        </AuthCard>
      }
    >
      <DashboardHome />
    </OverviewSection>
  );
}
