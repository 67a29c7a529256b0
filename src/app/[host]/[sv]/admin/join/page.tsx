import type { Metadata } from 'next';
import Link from 'next/link';
import { AuthCard } from '@/components/form/auth-card';
import { JoinButton } from '@/features/store-admin/components/join-view';
import { inviteTokenSchema } from '@/features/store-admin/schemas';
import { describeStaffInvite } from '@/features/store-admin/server/invites.server';
import { pagePerson, pageStoreOfHost } from '@/features/store-admin/server/page-staff.server';
import { isUuid } from '@/lib/uuid';

export const metadata: Metadata = { title: 'Join the staff', robots: { index: false } };
export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const ROLE_WORDS = { store_owner: 'an owner', store_staff: 'a member of staff' } as const;

/**
 * The link of a staff invitation, on the store's own host: what it is for, then sign in (or
 * register) with the invited address and accept it.
 */
export default async function JoinPage({ searchParams }: { searchParams: SearchParams }) {
  const { token: raw } = await searchParams;
  const parsed = inviteTokenSchema.safeParse(raw);
  const { storeId, storeName } = await pageStoreOfHost();
  const invite =
    parsed.success && isUuid(storeId) ? await describeStaffInvite(storeId, parsed.data) : null;
  if (!parsed.success || !invite) {
    return (
      <AuthCard title="Join the staff">
        <p>This link is not an invitation to {storeName}’s staff. Check the address in the mail.</p>
        <p>
          An invitation sent again works only from its newest mail, and one that was withdrawn no
          longer works: ask the store’s owner to send it again.
        </p>
      </AuthCard>
    );
  }
  if (!invite.usable) {
    return (
      <AuthCard title="Join the staff">
        <p>This invitation has expired or was used already. Ask the store’s owner for a new one.</p>
      </AuthCard>
    );
  }
  const person = await pagePerson();
  const here = `/admin/join?token=${parsed.data}`;
  return (
    <AuthCard title={`Join ${storeName}`}>
      <p>
        You are invited to the admin of {storeName} as {ROLE_WORDS[invite.role]}, with the address{' '}
        <strong>{invite.email}</strong>.
      </p>
      {!person ? (
        <>
          <p>
            <Link prefetch={false} href={`/login?next=${encodeURIComponent(here)}`}>
              Sign in
            </Link>{' '}
            with that address. No account here yet?{' '}
            <Link prefetch={false} href="/register">
              Create one with that address
            </Link>
            , activate it from the mail we send, then open the invitation’s link again.
          </p>
        </>
      ) : person.email !== invite.email ? (
        <p>
          You are signed in as {person.email}. Sign out, then sign in as {invite.email} to accept
          this invitation.
        </p>
      ) : (
        <>
          <p>The admin asks for a second factor: you set one up next if you have none yet.</p>
          <JoinButton token={parsed.data} />
        </>
      )}
    </AuthCard>
  );
}
