'use client';
import { useEffect, useRef, useState } from 'react';
import { problemOf } from '@/features/auth/api/auth-api';
import type { BillingDetails } from '@/features/billing/schemas';
import { EmptyCart } from '@/features/cart/components/empty-cart';
import { browserApi } from '@/lib/browser-api';
import type { Checkout, CheckoutChange } from '../checkout-types';
import { BillingStep } from './billing-step';
import { DetailsStep, type Details } from './details-step';
import { ReviewStep } from './review-step';
import authStyles from '@/components/form/form.module.css';
import styles from './checkout.module.css';

type Step = 'billing' | 'details' | 'review';
const TITLES: Record<Step, string> = {
  billing: 'Billing details',
  details: 'Registrant and addresses',
  review: 'Review and pay',
};

/**
 * The signed-in checkout: billing details, then the registrant and number
 * addresses when the cart needs them, then the review, terms and pay. Each step's heading takes
 * the focus, so keyboard and screen-reader users follow the steps.
 */
export function CheckoutFlow({
  initial,
  billing: initialBilling,
  countries,
  demo,
}: {
  initial: Checkout;
  billing: BillingDetails | null;
  countries: { code: string; name: string }[];
  demo: boolean;
}) {
  const [checkout, setCheckout] = useState(initial);
  const [billing, setBilling] = useState(initialBilling);
  const [changes, setChanges] = useState<CheckoutChange[]>(initial.changes);
  const needsDetails = (c: Checkout) =>
    c.cart.items.some((l) => l.domain) ||
    c.requirements.some((r) => r.kind === 'number_address' || r.kind === 'registrant');
  const steps: Step[] = [
    'billing',
    ...(needsDetails(checkout) ? ['details' as const] : []),
    'review',
  ];
  const [step, setStep] = useState<Step>(initialBilling ? steps[1]! : 'billing');
  const [details, setDetails] = useState<Details>({ registrant: null, numberAddresses: {} });
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per order attempt: a retry of the same attempt (a lost answer) reuses it.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  async function reload() {
    const { data } = await browserApi.get('/api/checkout');
    setCheckout(data.data);
    setChanges(data.data.changes);
    return data.data as Checkout;
  }

  async function place({ savePaymentMethod }: { savePaymentMethod: boolean }) {
    setBusy(true);
    setError(null);
    const body = {
      cart_version: checkout.cart.version,
      accept_terms: true,
      ...(details.registrant ? { registrant: details.registrant } : {}),
      ...(Object.keys(details.numberAddresses).length > 0
        ? { number_addresses: details.numberAddresses }
        : {}),
      save_payment_method: savePaymentMethod,
    };
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { key: crypto.randomUUID(), body: text };
    try {
      const { data } = await browserApi.post('/api/orders', body, {
        headers: { 'Idempotency-Key': attempt.current.key },
      });
      window.location.assign(data.data.payment.redirect_url);
    } catch (e) {
      const problem = problemOf(e);
      setBusy(false);
      if (problem.status === 409) {
        const fresh = await reload();
        setError(
          fresh.changes.length > 0
            ? 'Your cart changed. Check it below, then place the order again.'
            : 'Your cart changed since this page was loaded. Check it below, then place the order again.',
        );
        return;
      }
      if (problem.code === 'validation_failed' && needsDetails(checkout)) {
        setFieldErrors(problem.fields);
        setError('Check the details marked below.');
        setStep('details');
        return;
      }
      setError(problem.message);
    }
  }

  if (checkout.cart.items.length === 0) {
    return (
      <div className={styles.panel}>
        <ChangeList changes={changes} />
        <EmptyCart />
      </div>
    );
  }

  return (
    <>
      <nav aria-label="Checkout steps">
        <ol className={styles.steps}>
          {steps.map((s, i) => (
            <li key={s} className={styles.step} aria-current={s === step ? 'step' : undefined}>
              {i + 1}. {TITLES[s]}
            </li>
          ))}
        </ol>
      </nav>
      <ChangeList changes={changes} />
      <section className={styles.panel} aria-labelledby="checkout-step">
        <h2 id="checkout-step" ref={heading} tabIndex={-1} className={styles.heading}>
          {TITLES[step]}
        </h2>
        {step === 'billing' ? (
          <BillingStep
            billing={billing}
            countries={countries}
            onSaved={(saved) => {
              setBilling(saved);
              setStep(steps[1]!);
            }}
          />
        ) : null}
        {step === 'details' ? (
          <>
            {error ? (
              <p role="alert" className={styles.notice}>
                {error}
              </p>
            ) : null}
            <DetailsStep
              lines={checkout.cart.items}
              requirements={checkout.requirements}
              countries={countries}
              value={details}
              errors={fieldErrors}
              onDone={(next) => {
                setDetails(next);
                setFieldErrors({});
                setError(null);
                setStep('review');
              }}
            />
          </>
        ) : null}
        {step === 'review' ? (
          <ReviewStep cart={checkout.cart} busy={busy} error={error} demo={demo} onPlace={place} />
        ) : null}
        {step !== 'billing' ? (
          <p>
            <button
              type="button"
              className={authStyles.secondary}
              onClick={() => setStep('billing')}
            >
              Change billing details
            </button>
          </p>
        ) : null}
      </section>
    </>
  );
}

function ChangeList({ changes }: { changes: CheckoutChange[] }) {
  if (changes.length === 0) return null;
  return (
    <div className={styles.notice} role="status">
      <strong>Your cart changed since you last saw it:</strong>
      <ul>
        {changes.map((c) => (
          <li key={`${c.line_id}-${c.kind}`}>{c.message}</li>
        ))}
      </ul>
    </div>
  );
}
