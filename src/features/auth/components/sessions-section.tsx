'use client';
import { useRouter } from 'next/navigation';
import useSWR from 'swr';
import { authApi, problemOf } from '../api/auth-api';
import { useFormAction } from '@/components/form/use-form-action';
import styles from '@/components/form/form.module.css';
import { FormError } from '@/components/form/field';

type SessionInfo = {
  id: string;
  current: boolean;
  device: string;
  ip: string | null;
  signed_in_at: string;
  last_seen_at: string;
};

const fetchSessions = async (url: string): Promise<SessionInfo[]> =>
  (await authApi.get(url)).data.data.sessions;

const when = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Where the customer is signed in: device and browser, address, last use, "this
 * device"; each can be signed out, or all at once.
 */
export function SessionsSection({ onSignedOut }: { onSignedOut: () => Promise<unknown> }) {
  const router = useRouter();
  const { data, error: loadError, mutate } = useSWR('/api/account/sessions', fetchSessions);
  const action = useFormAction('Signing out did not work. Try again.');

  const end = (session: SessionInfo) =>
    action.run(async () => {
      await authApi.delete(`/api/account/sessions/${session.id}`);
      if (session.current) {
        await onSignedOut();
        router.push('/login');
      } else {
        await mutate();
      }
    });

  // Only a confirmed sign-out leaves the page: a failure stays here and says so, so nobody
  // believes the other devices are signed out when they are not.
  const everywhere = () =>
    action.run(
      async () => {
        await authApi.delete('/api/account/sessions');
        await onSignedOut();
        router.push('/login');
      },
      { leaving: true },
    );

  return (
    <section className={styles.section} aria-labelledby="sessions-title">
      <h2 id="sessions-title" className={styles.title}>
        Where you are signed in
      </h2>
      <FormError message={action.error ?? (loadError ? problemOf(loadError).message : null)} />
      {data ? (
        <ul className={styles.list} aria-label="Signed-in devices">
          {data.map((session) => (
            <li key={session.id} className={styles.row}>
              <span>
                <strong>{session.device}</strong>
                {session.current ? ' (this device)' : ''}
                <span className={styles.hint}>
                  {' '}
                  {session.ip ? `from ${session.ip}, ` : ''}last seen {when(session.last_seen_at)}
                </span>
              </span>
              <button
                type="button"
                className={styles.secondary}
                onClick={() => end(session)}
                disabled={action.waiting}
                aria-label={`Sign out ${session.device}${session.current ? ' (this device)' : ''}`}
              >
                Sign out
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <p className={styles.lead}>
        Signed in on a device you no longer use? End every session, this one included.
      </p>
      <button
        type="button"
        className={styles.secondary}
        onClick={everywhere}
        disabled={action.waiting}
      >
        Sign out everywhere
      </button>
    </section>
  );
}
