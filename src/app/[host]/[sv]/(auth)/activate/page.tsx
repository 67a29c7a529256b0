import type { Metadata } from 'next';
import { ActivateView } from '@/features/auth/components/activate-view';
import { AuthCard } from '@/features/auth/components/auth-card';

export const metadata: Metadata = { title: 'Activate your account' };

type Props = { searchParams: Promise<{ token?: string }> };

export default async function ActivatePage({ searchParams }: Props) {
  const { token } = await searchParams;
  return (
    <AuthCard title="Activate your account" lead="One click, and your account is ready.">
      <ActivateView token={typeof token === 'string' ? token : null} />
    </AuthCard>
  );
}
