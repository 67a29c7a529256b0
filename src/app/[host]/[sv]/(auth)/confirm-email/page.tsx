import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AuthCard } from '@/components/form/auth-card';
import { ConfirmEmailView } from '@/features/auth/components/confirm-email-view';

export const metadata: Metadata = { title: 'Confirm your new e-mail address' };

/** The link mailed to a new address: one click moves the account to it. */
export default function ConfirmEmailPage() {
  return (
    <AuthCard title="Confirm your new e-mail address">
      <Suspense>
        <ConfirmEmailView />
      </Suspense>
    </AuthCard>
  );
}
