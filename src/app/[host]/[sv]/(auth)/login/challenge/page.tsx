import type { Metadata } from 'next';
import { AuthCard } from '@/features/auth/components/auth-card';
import { ChallengeForm } from '@/features/auth/components/challenge-form';

export const metadata: Metadata = { title: 'Confirm it is you' };

type Props = { searchParams: Promise<{ challenge?: string; remember_me?: string; is_ctd?: string }> };

/** Step two of a sign-in with a second factor. */
export default async function ChallengePage({ searchParams }: Props) {
  const query = await searchParams;
  return (
    <AuthCard title="Confirm it is you">
      <ChallengeForm
        challenge={typeof query.challenge === 'string' ? query.challenge : ''}
        rememberMe={query.remember_me === 'true'}
        isCtd={query.is_ctd === 'true'}
      />
    </AuthCard>
  );
}
