'use client';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { authApi, problemOf } from '../api/auth-api';
import { CUSTOMER_KEY } from '../hooks/use-customer';
import type { ChallengeMethod } from '../schemas';
import { useFormAction } from '../hooks/use-form-action';
import styles from './auth.module.css';
import { Field, FormError } from './field';

type State = { method: ChallengeMethod; methods: ChallengeMethod[]; destination: string | null };

const METHOD_NAMES: Record<ChallengeMethod, string> = {
  totp: 'authenticator app',
  email: 'e-mail',
  sms: 'text message',
};

function instruction(state: State): string {
  if (state.method === 'totp') return 'Enter the 6-digit code your authenticator app shows.';
  const where = state.destination ? ` to ${state.destination}` : '';
  return state.method === 'email'
    ? `We sent a 6-digit code by e-mail${where}. It is valid for 10 minutes.`
    : `We sent a 6-digit code by text message${where}. It is valid for 10 minutes.`;
}

/** Step two of signing in: the code, with a switch to another method. */
export function ChallengeForm() {
  const query = useSearchParams();
  const challenge = query.get('challenge') ?? '';
  const rememberMe = query.get('remember_me') === 'true';
  const isCtd = query.get('is_ctd') === 'true';
  // Only a path of this site: an absolute or protocol-relative URL would leave it.
  const nextParam = query.get('next');
  const next = nextParam && /^\/(?![/\\])/.test(nextParam) ? nextParam : null;
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const [state, setState] = useState<State | null>(null);
  const { busy, error, setError, run } = useFormAction('Enter the 6 digits of the code.');
  const [notice, setNotice] = useState<string | null>(null);
  const [gone, setGone] = useState(false);

  useEffect(() => {
    authApi
      .get('/svc/account/login/challenge', { params: { challenge, is_ctd: isCtd } })
      .then(({ data }) => setState(data.data))
      .catch((e) => {
        setGone(true);
        setError(problemOf(e).message);
      });
  }, [challenge, isCtd, setError]);

  async function switchTo(method: ChallengeMethod) {
    await run(async () => {
      const { data } = await authApi.put('/svc/account/login/challenge', {
        challenge,
        alternative_method: method,
      });
      setState(data.data);
      setNotice(
        method === 'totp'
          ? 'Use your authenticator app.'
          : `A new code is on its way by ${METHOD_NAMES[method]}.`,
      );
    });
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s+/g, '');
    await run(
      async () => {
        await authApi.post('/svc/account/login/challenge', {
          challenge,
          code,
          is_ctd: isCtd,
          remember_me: rememberMe,
        });
        await mutate(CUSTOMER_KEY);
        if (next) window.location.assign(next);
        else router.push('/dashboard');
      },
      {
        leaving: true,
        onProblem: (problem) => {
          if (problem.code === 'challenge_void' || problem.code === 'challenge_not_found')
            setGone(true);
        },
      },
    );
  }

  if (gone) {
    return (
      <div className={styles.form}>
        <FormError message={error} />
        <Link className={styles.link} href="/login">
          Sign in again
        </Link>
      </div>
    );
  }
  if (!state) return <p aria-live="polite">Loading…</p>;

  return (
    <form method="post" className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.lead} aria-live="polite">
        {notice ? `${notice} ` : ''}
        {instruction(state)}
      </p>
      <FormError message={error} />
      <Field
        id="code"
        label="Code"
        className={styles.code}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]{6}"
        maxLength={6}
        required
        autoFocus
      />
      <button type="submit" className={styles.button} disabled={busy}>
        Verify
      </button>
      <div className={styles.actions} role="group" aria-label="Other ways to get a code">
        {state.methods
          .filter((m) => m !== state.method || m !== 'totp')
          .map((m) => (
            <button
              key={m}
              type="button"
              className={styles.secondary}
              onClick={() => switchTo(m)}
              disabled={busy}
            >
              {m === state.method
                ? `Send a new ${METHOD_NAMES[m]} code`
                : `Use ${METHOD_NAMES[m]} instead`}
            </button>
          ))}
      </div>
    </form>
  );
}
