import type { Metadata } from 'next';
import { AuthCard } from '@/features/auth/components/auth-card';
import { LoginForm } from '@/features/auth/components/login-form';

export const metadata: Metadata = { title: 'Sign in' };

type Props = { searchParams: Promise<{ is_ctd?: string }> };

/** Sign-in. `?is_ctd=true` marks a sign-in started by the desktop client. */
export default async function LoginPage({ searchParams }: Props) {
  const { is_ctd } = await searchParams;
  return (
    <AuthCard title="Sign in">
      <LoginForm isCtd={is_ctd === 'true'} />
    </AuthCard>
  );
}
