import type { Metadata } from 'next';
import { Suspense } from 'react';
import { ActivateView } from '@/features/auth/components/activate-view';
import { AuthCard } from '@/components/form/auth-card';

export const metadata: Metadata = { title: 'Activate your account' };

export default function ActivatePage() {
  // The lead ("One click…") is the view's: a spent link does not promise it (decision 0330).
  return (
    <AuthCard title="Activate your account">
      <Suspense>
        <ActivateView />
      </Suspense>
    </AuthCard>
  );
}
