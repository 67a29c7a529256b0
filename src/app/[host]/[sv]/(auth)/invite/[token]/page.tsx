import type { Metadata } from 'next';
import { AuthCard } from '@/features/auth/components/auth-card';
import { InviteView } from '@/features/auth/components/invite-view';

export const metadata: Metadata = { title: 'Join an account' };

type Props = { params: Promise<{ token: string }> };

export default async function InvitePage({ params }: Props) {
  const { token } = await params;
  return (
    <AuthCard title="Join an account">
      <InviteView token={decodeURIComponent(token)} />
    </AuthCard>
  );
}
