import type { Metadata } from 'next';
import { AuthCard } from '@/features/auth/components/auth-card';
import { DashboardHome } from '@/features/auth/components/dashboard-home';

export const metadata: Metadata = { title: 'Your account' };

export default function DashboardPage() {
  return (
    <AuthCard title="Your account" wide>
      <DashboardHome />
    </AuthCard>
  );
}
