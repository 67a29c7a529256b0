'use client';
import { useParams } from 'next/navigation';
import { useEffect, useState } from 'react';
import { authApi, problemOf } from '../api/auth-api';
import styles from '@/components/form/form.module.css';
import { FormError } from '@/components/form/field';
import { dayInWords } from './day-in-words';
import { RegisterForm } from './register-form';

type Invite = {
  invited_by: { name: string };
  account: { name: string };
  email: string;
  expires_at: string;
};

/** An invite link: who invited into which account, then registration into it. */
export function InviteView() {
  const token = decodeURIComponent(String(useParams<{ token: string }>().token ?? ''));
  const [invite, setInvite] = useState<Invite | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    authApi
      .get(`/svc/invite/${encodeURIComponent(token)}`)
      .then(({ data }) => setInvite(data.data))
      .catch((e) => setError(problemOf(e).message));
  }, [token]);

  if (error) return <FormError message={error} />;
  if (!invite) return <p aria-live="polite">Checking the invitation…</p>;
  return (
    <>
      <p className={styles.lead}>
        {invite.invited_by.name} invited you to join the account “{invite.account.name}”. The
        invitation is valid until {dayInWords(invite.expires_at)}.
      </p>
      <RegisterForm inviteToken={token} email={invite.email} />
    </>
  );
}
