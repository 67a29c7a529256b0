import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AuthCard } from '@/components/form/auth-card';
import { ChallengeForm } from '@/features/auth/components/challenge-form';

export const metadata: Metadata = { title: 'Confirm it is you' };

/** Step two of a sign-in with a second factor; the challenge comes in the query. */
export default function ChallengePage() {
  return (
    <AuthCard title="Confirm it is you">
      <Suspense>
        <ChallengeForm />
      </Suspense>
    </AuthCard>
  );
}
