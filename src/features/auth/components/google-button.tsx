'use client';
import Script from 'next/script';
import { useRouter } from 'next/navigation';
import { sameSitePath } from '../sign-in-target';
import { useEffect, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { authApi, problemOf } from '../api/auth-api';
import { CUSTOMER_KEY } from '../hooks/use-customer';
import formStyles from '@/components/form/form.module.css';
import authStyles from './auth.module.css';
import { FormError } from '@/components/form/field';

/** Google Identity Services' script; loaded only where this button is. */
export const GOOGLE_SCRIPT = 'https://accounts.google.com/gsi/client';

/** The part of Google Identity Services this button uses. */
type GoogleIdentity = {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback: (response: { credential?: string }) => void;
        ux_mode?: 'popup' | 'redirect';
        context?: 'signin' | 'signup' | 'use';
      }): void;
      renderButton(
        parent: HTMLElement,
        options: {
          type?: 'standard';
          theme?: string;
          size?: string;
          text?: string;
          width?: number;
        },
      ): void;
    };
  };
};

declare global {
  interface Window {
    google?: GoogleIdentity;
  }
}

/**
 * "Sign in with Google", on the sign-in and registration screens when the store
 * has GOOGLE_CLIENT_ID: the script loads only then and only there. The ID token Google hands
 * back goes to `POST /api/glogin`, which signs in (or asks for the second step).
 */
export function GoogleButton({
  clientId,
  context,
}: {
  clientId: string;
  context: 'signin' | 'signup';
}) {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const slot = useRef<HTMLDivElement>(null);
  const [ready, setReady] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const google = window.google;
    if (!ready || !google || !slot.current) return;
    google.accounts.id.initialize({
      client_id: clientId,
      ux_mode: 'popup',
      context,
      callback: async ({ credential }) => {
        setError(null);
        try {
          const { data } = await authApi.post('/api/glogin', { credential });
          // `?next=` (a mailed link's page, decision 0330) is honoured as the form honours it.
          const next = sameSitePath(new URLSearchParams(window.location.search).get('next'));
          if (data.data.challenge) {
            const query = new URLSearchParams({
              challenge: data.data.challenge,
              ...(next ? { next } : {}),
            });
            router.push(`/login/challenge?${query}`);
            return;
          }
          await mutate(CUSTOMER_KEY);
          if (next) window.location.assign(next);
          else router.push('/dashboard');
        } catch (e) {
          setError(problemOf(e).message);
        }
      },
    });
    google.accounts.id.renderButton(slot.current, {
      type: 'standard',
      theme: 'outline',
      size: 'large',
      text: context === 'signup' ? 'signup_with' : 'signin_with',
    });
  }, [ready, clientId, context, router, mutate]);

  // Offline, or Google's script blocked: no lone "or" above an empty box, but a sentence saying
  // so (the form above still signs in).
  if (unavailable) {
    return (
      <div className={`${authStyles.alternatives} ${authStyles.unavailable}`}>
        <p className={formStyles.hint}>
          Google sign-in is unavailable right now: its script could not be loaded. Use your e-mail
          address and password instead, or try again later.
        </p>
      </div>
    );
  }
  return (
    <div className={authStyles.alternatives}>
      <p className={authStyles.divider}>or</p>
      <FormError message={error} />
      <div ref={slot} className={authStyles.google} data-testid="google-button" />
      <Script
        src={GOOGLE_SCRIPT}
        strategy="afterInteractive"
        // A script that loads but is not Google's (a blocker's stand-in, a captive portal)
        // leaves nothing to render a button with.
        onReady={() => (window.google?.accounts?.id ? setReady(true) : setUnavailable(true))}
        onError={() => setUnavailable(true)}
      />
    </div>
  );
}
