import type { Metadata } from 'next';
import { AuthCard } from '@/components/form/auth-card';
import { InviteView } from '@/features/auth/components/invite-view';

export const metadata: Metadata = { title: 'Join an account' };

// The token is read on the client (InviteView): the page holds nothing of the invite.
export default function InvitePage() {
  return (
    <AuthCard title="Join an account">
      <InviteView />
    </AuthCard>
  );
}
