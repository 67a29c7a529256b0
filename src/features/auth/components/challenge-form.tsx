'use client';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useState, type FormEvent } from 'react';
import { useSWRConfig } from 'swr';
import { authApi, problemOf, type CustomerUser } from '../api/auth-api';
import { CUSTOMER_KEY } from '../hooks/use-customer';
import type { ChallengeMethod } from '../schemas';
import { BROUGHT, forAdmin, otherMethods } from '../challenge-switches';
import { useFormAction } from '@/components/form/use-form-action';
import styles from '@/components/form/form.module.css';
import { sameSitePath } from './login-form';
import { Field, FormError } from '@/components/form/field';
import { isCancelled, PASSKEY_UNAVAILABLE } from './passkey-sign-in';

type State = { method: ChallengeMethod; methods: ChallengeMethod[]; destination: string | null };

const METHOD_NAMES: Record<ChallengeMethod, string> = {
  totp: 'authenticator app',
  passkey: 'passkey',
  email: 'e-mail',
  sms: 'text message',
  backup_code: 'backup code',
};

function instruction(state: State): string {
  if (state.method === 'totp') return 'Enter the 6-digit code your authenticator app shows.';
  if (state.method === 'backup_code') {
    return 'Enter one of the backup codes you kept when you set up two-step sign-in. Each works once.';
  }
  const where = state.destination ? ` to ${state.destination}` : '';
  return state.method === 'email'
    ? `We sent a 6-digit code by e-mail${where}. It is valid for 10 minutes.`
    : `We sent a 6-digit code by text message${where}. It is valid for 10 minutes.`;
}

function switchLabel(method: ChallengeMethod, current: ChallengeMethod): string {
  if (method === current) return `Send a new ${METHOD_NAMES[method]} code`;
  return method === 'backup_code'
    ? 'Use a backup code instead'
    : `Use ${METHOD_NAMES[method]} instead`;
}

/**
 * Step two of signing in: the code, with a switch to another method. On the challenge screen the
 * challenge comes in the query and a success goes to the dashboard; the desktop client's screen
 * passes its own and stays (`onSignedIn`).
 */
export function ChallengeForm(props: {
  challenge?: string;
  rememberMe?: boolean;
  isCtd?: boolean;
  onSignedIn?: (user: CustomerUser) => void;
  /** Starts the sign-in again on the same page, instead of the link to the sign-in screen. */
  onRestart?: () => void;
}) {
  const query = useSearchParams();
  const challenge = props.challenge ?? query.get('challenge') ?? '';
  const rememberMe = props.rememberMe ?? query.get('remember_me') === 'true';
  const isCtd = props.isCtd ?? query.get('is_ctd') === 'true';
  // Where a sign-in started from the checkout goes back to (a path of this site only).
  const next = sameSitePath(query.get('next'));
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const [state, setState] = useState<State | null>(null);
  const { waiting, error, setError, run } = useFormAction('Enter the 6 digits of the code.');
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

  // The code field takes focus whenever it appears (first, and after a switch of method). The
  // attribute alone is not enough: the router moves focus to the new page after its own commit,
  // which comes after the field's, so the field is focused once that has happened.
  const method = state?.method;
  useEffect(() => {
    if (!method || method === 'passkey') return;
    const frame = requestAnimationFrame(() => document.getElementById('code')?.focus());
    return () => cancelAnimationFrame(frame);
  }, [method]);

  /** Sends the answer; a right one signs in and moves on. */
  const answer = (body: { code?: string; passkey?: unknown }) =>
    run(
      async () => {
        const { data } = await authApi.post('/svc/account/login/challenge', {
          challenge,
          ...body,
          is_ctd: isCtd,
          remember_me: rememberMe,
        });
        await mutate(CUSTOMER_KEY);
        if (props.onSignedIn) props.onSignedIn(data.data.user);
        else if (next) window.location.assign(next);
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

  async function switchTo(method: ChallengeMethod) {
    let options: unknown = null;
    const switched = await run(async () => {
      const { data } = await authApi.put('/svc/account/login/challenge', {
        challenge,
        alternative_method: method,
      });
      setState(data.data);
      options = data.data.passkey_options ?? null;
      setNotice(
        BROUGHT.includes(method) ? null : `A new code is on its way by ${METHOD_NAMES[method]}.`,
      );
    });
    if (!switched || !options) return;
    // A passkey answers at once: the browser asks for it, and its signature is the answer.
    const { startAuthentication } = await import('@simplewebauthn/browser');
    try {
      const passkey = await startAuthentication({
        optionsJSON: options as Parameters<typeof startAuthentication>[0]['optionsJSON'],
      });
      await answer({ passkey });
    } catch (e) {
      if (!isCancelled(e)) setError(PASSKEY_UNAVAILABLE);
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').replace(/\s+/g, '');
    await answer({ code });
  }

  if (gone) {
    return (
      <div className={styles.form}>
        <FormError message={error} />
        {props.onRestart ? (
          <button type="button" className={styles.secondary} onClick={props.onRestart}>
            Sign in again
          </button>
        ) : (
          <Link prefetch={false} className={styles.link} href="/login">
            Sign in again
          </Link>
        )}
      </div>
    );
  }
  if (!state) return <p aria-live="polite">Loading…</p>;
  const others = otherMethods(state, next);
  const switches = (
    <div className={styles.actions} role="group" aria-label="Other ways to confirm">
      {forAdmin(next) && state.methods.includes('email') ? (
        <p className={styles.hint}>
          The admin does not take a code by e-mail: use your app, a passkey, a text message or a
          backup code.
        </p>
      ) : null}
      {others.map((m) => (
        <button
          key={m}
          type="button"
          className={styles.secondary}
          onClick={() => switchTo(m)}
          disabled={waiting}
        >
          {switchLabel(m, state.method)}
        </button>
      ))}
    </div>
  );
  if (state.method === 'passkey') {
    return (
      <div className={styles.form}>
        <p className={styles.lead}>Confirm with one of your passkeys.</p>
        <FormError message={error} />
        <button
          type="button"
          className={styles.button}
          onClick={() => switchTo('passkey')}
          disabled={waiting}
        >
          Use your passkey
        </button>
        {switches}
      </div>
    );
  }

  return (
    <form method="post" className={styles.form} onSubmit={submit} noValidate>
      <p className={styles.lead} aria-live="polite">
        {notice ? `${notice} ` : ''}
        {instruction(state)}
      </p>
      <FormError message={error} />
      {state.method === 'backup_code' ? (
        <Field
          key="backup"
          id="code"
          label="Backup code"
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={11}
          required
          autoFocus
        />
      ) : (
        <Field
          key="digits"
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
      )}
      <button type="submit" className={styles.button} disabled={waiting}>
        Verify
      </button>
      {switches}
    </form>
  );
}
