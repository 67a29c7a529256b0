import type { Metadata } from 'next';
import { AuthCard } from '@/components/form/auth-card';
import { SecurityPanel } from '@/features/auth/components/security-panel';
import { securityPageData } from '@/features/auth/server/security-page.server';

export const metadata: Metadata = { title: 'Security', robots: { index: false } };
// One customer's settings: rendered per request with them, like the other dashboard pages
// (decisions 0105, 0110).
export const dynamic = 'force-dynamic';

export default async function SecurityPage() {
  return (
    <AuthCard title="Security" wide>
      <SecurityPanel initial={await securityPageData()} />
    </AuthCard>
  );
}
