import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ActivateView } from '@/features/auth/components/activate-view';
import { AuthCard } from '@/components/form/auth-card';

export const metadata: Metadata = { title: 'Activate your account' };

export default function ActivatePage() {
  return (
    <AuthCard title="Activate your account" lead="One click, and your account is ready.">
      <Suspense>
        <ActivateView />
      </Suspense>
    </AuthCard>
  );
}
