'use client';
import Link from 'next/link';
import { useParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { authApi, problemOf } from '../api/auth-api';
import type { CustomerUser } from '../customer-user';
import { useCustomer } from '../hooks/use-customer';
import styles from '@/components/form/form.module.css';
import { FormError } from '@/components/form/field';
import { dayInWords } from './day-in-words';
import { RegisterForm } from './register-form';

type Invite = {
  invited_by: { name: string };
  account: { name: string };
  email: string;
  expires_at: string;
  /** The invited address already has an account in this store (docs/decisions/0326). */
  has_account: boolean;
};

/**
 * An invite link: who invited into which account, then registration into it. An address that
 * already has an account in this store cannot join (one address, one account): the page says so
 * and what to do instead of offering a registration that could only fail (0326). A used,
 * withdrawn or unknown link leads on to sign-in or the dashboard.
 */
export function InviteView() {
  const token = decodeURIComponent(String(useParams<{ token: string }>().token ?? ''));
  const [invite, setInvite] = useState<Invite | null>(null);
  const [error, setError] = useState<string | null>(null);
  const customer = useCustomer();
  // Who is signed in decides the words, so the page waits for the lookup (or its failure).
  const customerKnown = customer.data !== undefined || customer.error !== undefined;
  const me = customer.data?.user ?? null;

  useEffect(() => {
    authApi
      .get(`/svc/invite/${encodeURIComponent(token)}`)
      .then(({ data }) => setInvite(data.data))
      .catch((e) => setError(problemOf(e).message));
  }, [token]);

  if (error && customerKnown) return <InviteGone message={error} signedIn={Boolean(me)} />;
  if (!invite || !customerKnown) return <p aria-live="polite">Checking the invitation…</p>;
  if (invite.has_account) return <AddressHasAccount invite={invite} me={me} />;
  return (
    <>
      <p className={styles.lead}>
        {invitedTo(invite)} The invitation is valid until {dayInWords(invite.expires_at)}.
      </p>
      {me ? (
        <p>
          You are signed in as <strong>{me.email}</strong>. This invitation is for{' '}
          <strong>{invite.email}</strong>, which has no account here yet: create it below, then sign
          in with it to use “{invite.account.name}”.
        </p>
      ) : null}
      <RegisterForm
        inviteToken={token}
        email={invite.email}
        signInHref={`/login?next=${encodeURIComponent(`/invite/${encodeURIComponent(token)}`)}`}
      />
    </>
  );
}

/** "Ana invited you to join the account “Acme”." (the inviter may have left the account). */
function invitedTo(invite: Invite): string {
  const who = invite.invited_by.name;
  return `${who ? `${who} invited you` : 'You are invited'} to join the account “${invite.account.name}”.`;
}

/**
 * The invited address has an account in this store, and a person belongs to one account only:
 * the way on is another address, or the address's own account.
 */
function AddressHasAccount({ invite, me }: { invite: Invite; me: CustomerUser | null }) {
  const account = invite.account.name;
  const inviter = invite.invited_by.name || 'the person who invited you';
  const signedInAsInvited = me?.email.toLowerCase() === invite.email.toLowerCase();
  return (
    <>
      <p className={styles.lead}>{invitedTo(invite)}</p>
      {me && signedInAsInvited ? (
        <p>
          You are signed in with <strong>{invite.email}</strong>, which has its own account here
          {me.account_name ? `, “${me.account_name}”` : ''}. At this store one address belongs to
          one account, so it cannot also join “{account}”.
        </p>
      ) : (
        <p>
          <strong>{invite.email}</strong> already has an account at this store. Here one address
          belongs to one account, so it cannot also join “{account}”.
        </p>
      )}
      {me && !signedInAsInvited ? (
        <p>
          You are signed in as <strong>{me.email}</strong>, which has its own account too.
        </p>
      ) : null}
      <p>What you can do:</p>
      <ul>
        <li>
          To join “{account}”, ask {inviter} to invite another address of yours, one that has no
          account here.
        </li>
        <li>
          {me
            ? 'To use the account you have, go on to your dashboard.'
            : `To use the account ${invite.email} has, sign in with it.`}
        </li>
      </ul>
      <div className={styles.links}>
        {me ? (
          <Link prefetch={false} className={styles.link} href="/dashboard">
            Go to your dashboard
          </Link>
        ) : (
          <Link prefetch={false} className={styles.link} href="/login">
            Sign in to your account
          </Link>
        )}
      </div>
    </>
  );
}

/** An invitation that cannot be used (used, withdrawn, expired or unknown): a way on. */
function InviteGone({ message, signedIn }: { message: string; signedIn: boolean }) {
  return (
    <div className={styles.form}>
      <FormError message={message} />
      <p className={styles.hint}>
        If you joined with it, {signedIn ? 'your dashboard shows the account' : 'sign in'}; if not,
        ask the person who invited you to send a new invitation.
      </p>
      {signedIn ? (
        <Link prefetch={false} className={styles.link} href="/dashboard">
          Go to your dashboard
        </Link>
      ) : (
        <Link prefetch={false} className={styles.link} href="/login">
          Sign in
        </Link>
      )}
    </div>
  );
}
