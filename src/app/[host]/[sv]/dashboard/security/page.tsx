import type { Metadata } from 'next';
import { AuthCard } from '@/features/auth/components/auth-card';
import { SecurityPanel } from '@/features/auth/components/security-panel';

export const metadata: Metadata = { title: 'Security' };

export default function SecurityPage() {
  return (
    <AuthCard title="Security" wide>
      <SecurityPanel />
    </AuthCard>
  );
}
