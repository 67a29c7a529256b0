'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useRef, useSyncExternalStore, type FormEvent, type ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { authApi, type CustomerUser } from '../api/auth-api';
import { useFormAction } from '@/components/form/use-form-action';
import { CUSTOMER_KEY } from '../hooks/use-customer';
import { keepEmailForReset } from '../email-for-reset';
import styles from '@/components/form/form.module.css';
import { Field, FormError } from '@/components/form/field';
import { PasskeySignIn } from './passkey-sign-in';
import { sameSitePath } from '../sign-in-target';

/** How step one of a sign-in ended: signed in, or a second step to take. */
export type SignInOutcome =
  | { kind: 'signed_in'; user: CustomerUser }
  | { kind: 'challenge'; challenge: string; rememberMe: boolean };

export { sameSitePath };

/**
 * Where the sign-in screens go next when nobody else decides: the challenge screen, else `next`
 * (the checkout) or the dashboard. A full load for `next`: the page after sign-in is rendered
 * with the customer's data. `next` and `isCtd` may be read when the outcome comes, from the
 * address as it is then.
 */
export function useDefaultOutcome(
  isCtd: boolean | (() => boolean),
  next?: string | null | (() => string | null),
) {
  const router = useRouter();
  return (outcome: SignInOutcome) => {
    const to = sameSitePath(typeof next === 'function' ? next() : next);
    if (outcome.kind === 'challenge') {
      const query = new URLSearchParams({
        challenge: outcome.challenge,
        remember_me: String(outcome.rememberMe),
        is_ctd: String(typeof isCtd === 'function' ? isCtd() : isCtd),
        ...(to ? { next: to } : {}),
      });
      router.push(`/login/challenge?${query}`);
    } else if (to) {
      window.location.assign(to);
    } else {
      router.push('/dashboard');
    }
  };
}

const noSubscription = () => () => {};

/**
 * Whether the address's query sets `name` to true, once hydrated: false in the server's HTML and
 * while hydrating, so the part stays rendered on the server.
 */
function useQueryFlag(name: string): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => queryNow().get(name) === 'true',
    () => false,
  );
}

/** The address's query in the browser, read when it is needed. */
function queryNow(): URLSearchParams {
  return new URLSearchParams(window.location.search);
}

/**
 * Step one of signing in: e-mail and password; a second factor continues with a challenge. On
 * the sign-in screen it then moves to the challenge screen or the dashboard; the desktop
 * client's screen (`onOutcome`) keeps the customer on its own page; `next` (the checkout) is
 * where a signed-in customer goes instead of the dashboard. `children` are other ways to sign in,
 * shown under the form. `registerHref` is where "Create an account" leads (the checkout keeps
 * its own registration step).
 */
export function LoginForm({
  isCtd: ctdProp,
  onOutcome,
  next,
  registerHref = '/register',
  children,
}: {
  isCtd?: boolean;
  onOutcome?: (outcome: SignInOutcome) => void;
  next?: string;
  registerHref?: string;
  children?: ReactNode;
}) {
  // `?is_ctd=` and `?next=` are read from the address when they are used, never while
  // rendering: useSearchParams would make the form a part the server cannot render on a page
  // cached for everyone, and it would paint only once the scripts ran.
  const shownCtd = useQueryFlag('is_ctd') || Boolean(ctdProp);
  const isCtdNow = () => Boolean(ctdProp) || queryNow().get('is_ctd') === 'true';
  // `?next=`: where a customer whose session ended was (the session-lost notice's link).
  const defaultOutcome = useDefaultOutcome(isCtdNow, next ?? (() => queryNow().get('next')));
  const done = onOutcome ?? defaultOutcome;
  const { mutate } = useSWRConfig();
  const { busy, waiting, error, fields, code, run } = useFormAction(
    'Check the fields marked below.',
  );
  const formRef = useRef<HTMLFormElement>(null);
  // The Forgot password page starts with the address typed here.
  const carryEmail = () => {
    const input = formRef.current?.elements.namedItem('email');
    if (input instanceof HTMLInputElement) keepEmailForReset(input.value);
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const rememberMe = form.get('remember_me') === 'on';
    await run(
      async () => {
        const { data } = await authApi.post('/api/login', {
          email: String(form.get('email') ?? ''),
          password: String(form.get('password') ?? ''),
          remember_me: rememberMe,
          is_ctd: isCtdNow(),
        });
        if (data.data.challenge) {
          done({ kind: 'challenge', challenge: data.data.challenge, rememberMe });
          return;
        }
        await mutate(CUSTOMER_KEY);
        done({ kind: 'signed_in', user: data.data.user });
      },
      { leaving: true },
    );
  }

  return (
    <>
      <form ref={formRef} method="post" className={styles.form} onSubmit={submit} noValidate>
        <FormError message={error} />
        {/* An account not activated yet: the way on (a reset's link activates) by the message. */}
        {code === 'account_not_activated' ? (
          <p className={styles.hint}>
            <Link
              prefetch={false}
              className={styles.link}
              href="/forgot-password"
              onClick={carryEmail}
            >
              Choose a new password to activate your account
            </Link>
          </p>
        ) : null}
        <Field
          id="email"
          label="E-mail address"
          type="email"
          autoComplete="username webauthn"
          required
          errors={fields.email}
        />
        <Field
          id="password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          errors={fields.password}
        />
        <label className={styles.check}>
          <input type="checkbox" name="remember_me" className={styles.checkbox} /> Keep me signed in
          for 30 days
        </label>
        <button type="submit" className={styles.button} disabled={waiting}>
          {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <PasskeySignIn isCtd={shownCtd} onOutcome={done} />
      {children}
      {onOutcome ? null : (
        <div className={styles.links}>
          <Link
            prefetch={false}
            className={styles.link}
            href="/forgot-password"
            onClick={carryEmail}
          >
            Forgot your password?
          </Link>
          <Link prefetch={false} className={styles.link} href={registerHref}>
            Create an account
          </Link>
        </div>
      )}
    </>
  );
}
