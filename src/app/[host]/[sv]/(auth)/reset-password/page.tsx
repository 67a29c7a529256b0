import type { Metadata } from 'next';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ResetForm } from '@/features/auth/components/reset-form';

export const metadata: Metadata = { title: 'Choose a new password' };

type Props = { searchParams: Promise<{ token?: string }> };

export default async function ResetPasswordPage({ searchParams }: Props) {
  const { token } = await searchParams;
  return (
    <AuthCard title="Choose a new password">
      <ResetForm token={typeof token === 'string' ? token : null} />
    </AuthCard>
  );
}
