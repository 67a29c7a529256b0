import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AuthCard } from '@/components/form/auth-card';
import { ResetForm } from '@/features/auth/components/reset-form';

export const metadata: Metadata = { title: 'Choose a new password' };

export default function ResetPasswordPage() {
  return (
    <AuthCard title="Choose a new password">
      <Suspense>
        <ResetForm />
      </Suspense>
    </AuthCard>
  );
}
