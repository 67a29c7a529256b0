'use client';
import { useState } from 'react';
import { authApi, type CustomerUser } from '../api/auth-api';
import { requestCtdGrant } from '../api/ctd-grant';
import { oauthErrorRedirect } from '../oauth-redirect';
import { SCOPES, type Scope } from '../oauth-scopes';
import styles from '@/components/form/form.module.css';
import { ChallengeForm } from './challenge-form';
import { FormError } from '@/components/form/field';
import { LoginForm, type SignInOutcome } from './login-form';

export type AuthorizeRequest = {
  client_id: string;
  client_name: string;
  redirect_uri: string;
  code_challenge: string;
  state: string;
  scope: string;
  scopes: Scope[];
  issuer: string;
};

type Step =
  | { kind: 'sign-in' }
  | { kind: 'challenge'; challenge: string; rememberMe: boolean }
  | { kind: 'consent'; user: CustomerUser };

/**
 * The desktop client's sign-in in the system browser: a sign-in marked is_ctd (with its second
 * step when the account has one), then who asks for what, then the grant and the way back to the
 * app's loopback address with the code (or with `error=access_denied` when refused). The grant
 * call's failures are handed back by `requestCtdGrant`, never thrown, and sent on to the app.
 */
export function AuthorizeFlow({ request }: { request: AuthorizeRequest }) {
  const [step, setStep] = useState<Step>({ kind: 'sign-in' });
  const [leaving, setLeaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const toApp = (url: string) => {
    setLeaving(true);
    window.location.assign(url);
  };
  const refuse = (error: string, description: string) =>
    toApp(
      oauthErrorRedirect(
        request.redirect_uri,
        request.issuer,
        { error, error_description: description },
        request.state,
      ),
    );

  const signedIn = (outcome: SignInOutcome) => {
    if (outcome.kind === 'challenge') setStep(outcome);
    else setStep({ kind: 'consent', user: outcome.user });
  };

  async function allow() {
    setError(null);
    setLeaving(true);
    const result = await requestCtdGrant(authApi, {
      client_id: request.client_id,
      redirect_uri: request.redirect_uri,
      code_challenge: request.code_challenge,
      code_challenge_method: 'S256',
      state: request.state,
      scope: request.scope,
    });
    if (result.ok) return toApp(result.data.redirect_uri);
    if (result.status === 0) {
      // The server was not reached: the app gets nothing yet, the customer can try again.
      setLeaving(false);
      setError('We could not reach the server. Check your connection and try again.');
      return;
    }
    refuse(result.error.error, result.error.error_description ?? 'The grant was refused.');
  }

  if (step.kind === 'sign-in') {
    return (
      <>
        <p className={styles.lead}>
          {request.client_name} asks you to sign in. Afterwards you decide what it may do.
        </p>
        <LoginForm isCtd onOutcome={signedIn} />
        <div className={styles.links}>
          <button
            type="button"
            className={styles.secondary}
            onClick={() => refuse('access_denied', 'The customer cancelled the sign-in.')}
            disabled={leaving}
          >
            Cancel and return to the app
          </button>
        </div>
      </>
    );
  }
  if (step.kind === 'challenge') {
    return (
      <ChallengeForm
        challenge={step.challenge}
        rememberMe={step.rememberMe}
        isCtd
        onSignedIn={(user) => setStep({ kind: 'consent', user })}
        onRestart={() => setStep({ kind: 'sign-in' })}
      />
    );
  }
  return (
    <div className={styles.form}>
      <p className={styles.lead}>
        Signed in as {step.user.name} ({step.user.email}).
      </p>
      <p>
        <strong>{request.client_name}</strong> would like to:
      </p>
      <ul aria-label="What the app asks for">
        {request.scopes.map((scope) => (
          <li key={scope}>{SCOPES[scope]}</li>
        ))}
      </ul>
      <FormError message={error} />
      <div className={styles.actions}>
        <button type="button" className={styles.button} onClick={allow} disabled={leaving}>
          Allow
        </button>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => refuse('access_denied', 'The customer refused the request.')}
          disabled={leaving}
        >
          Deny
        </button>
      </div>
      {leaving ? (
        <p role="status" className={styles.hint}>
          Returning to {request.client_name}… You can close this window once the app says so.
        </p>
      ) : null}
    </div>
  );
}
