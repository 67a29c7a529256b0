import type { Metadata } from 'next';
import { getEnv } from '@/lib/env';
import { AuthCard } from '@/components/form/auth-card';
import { GoogleButton } from '@/features/auth/components/google-button';
import { RegisterForm } from '@/features/auth/components/register-form';

export const metadata: Metadata = { title: 'Create an account' };

export default function RegisterPage() {
  const googleClientId = getEnv().GOOGLE_CLIENT_ID;
  return (
    <AuthCard title="Create an account">
      <RegisterForm />
      {googleClientId ? <GoogleButton clientId={googleClientId} context="signup" /> : null}
    </AuthCard>
  );
}
