import type { Metadata } from 'next';
import { Suspense } from 'react';
import { getEnv } from '@/lib/env';
import { AuthCard } from '@/components/form/auth-card';
import { GoogleButton } from '@/features/auth/components/google-button';
import { LoginForm } from '@/features/auth/components/login-form';

export const metadata: Metadata = { title: 'Sign in' };

/** Sign-in. `?is_ctd=true` (read on the client) marks a sign-in started by the desktop client. */
export default function LoginPage() {
  const googleClientId = getEnv().GOOGLE_CLIENT_ID;
  return (
    <AuthCard title="Sign in">
      <Suspense>
        <LoginForm>
          {googleClientId ? <GoogleButton clientId={googleClientId} context="signin" /> : null}
        </LoginForm>
      </Suspense>
    </AuthCard>
  );
}
