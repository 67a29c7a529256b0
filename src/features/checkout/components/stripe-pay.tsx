'use client';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import authStyles from '@/components/form/form.module.css';
import { FormError } from '@/components/form/field';
import styles from './checkout.module.css';

type StripeElements = { create: (kind: 'payment') => { mount: (el: HTMLElement) => void } };
type StripeJs = {
  elements: (options: { clientSecret: string }) => StripeElements;
  confirmPayment: (options: {
    elements: StripeElements;
    confirmParams: { return_url: string };
  }) => Promise<{ error?: { message?: string } }>;
};
declare global {
  interface Window {
    Stripe?: (publishableKey: string, options?: { stripeAccount?: string }) => StripeJs;
  }
}

/**
 * Card payment with Stripe's Payment Element: the card goes from the browser to Stripe, never
 * through this server. Stripe.js loads from Stripe (STRIPE_JS_URL), as Stripe requires.
 */
export function StripePay({
  clientSecret,
  publishableKey,
  jsUrl,
  returnUrl,
  amount,
  stripeAccount,
}: {
  clientSecret: string;
  publishableKey: string;
  jsUrl: string;
  returnUrl: string;
  amount: string;
  /** The store's connected account the intent lives in (direct charges); null: the platform's. */
  stripeAccount: string | null;
}) {
  const host = useRef<HTMLDivElement>(null);
  const ready = useRef<{ stripe: StripeJs; elements: StripeElements } | null>(null);
  const [loaded, setLoaded] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const mount = () => {
      if (!window.Stripe || !host.current || ready.current) return;
      const stripe = window.Stripe(publishableKey, stripeAccount ? { stripeAccount } : undefined);
      const elements = stripe.elements({ clientSecret });
      elements.create('payment').mount(host.current);
      ready.current = { stripe, elements };
      setLoaded(true);
    };
    if (window.Stripe) return mount();
    const script = document.createElement('script');
    script.src = jsUrl;
    script.async = true;
    script.onload = mount;
    script.onerror = () => setError('The card form could not be loaded. Try again shortly.');
    document.head.append(script);
  }, [clientSecret, publishableKey, jsUrl, stripeAccount]);

  async function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!ready.current) return;
    setBusy(true);
    setError(null);
    const result = await ready.current.stripe.confirmPayment({
      elements: ready.current.elements,
      confirmParams: { return_url: returnUrl },
    });
    // On success Stripe.js goes to the return page; an answer here is a problem to show.
    if (result.error) setError(result.error.message ?? 'The payment did not go through.');
    setBusy(false);
  }

  return (
    <form method="post" className={authStyles.form} onSubmit={pay}>
      <div ref={host} className={styles.cardHost} aria-busy={!loaded} />
      <FormError message={error} />
      <button type="submit" className={authStyles.button} disabled={!loaded || busy}>
        {busy ? 'Paying…' : `Pay ${amount}`}
      </button>
    </form>
  );
}
