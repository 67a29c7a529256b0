import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';

export const metadata: Metadata = { title: 'Sign in' };

/** Sign-in. `?is_ctd=true` (read on the client) marks a sign-in started by the desktop client. */
export default function LoginPage() {
  return (
    <AuthCard title="Sign in">
      <Suspense>
        <LoginForm />
      </Suspense>
    </AuthCard>
  );
}
