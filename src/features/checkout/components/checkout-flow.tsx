'use client';
import Link from 'next/link';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { problemOf } from '@/features/auth/api/auth-api';
import type { BillingDetails } from '@/features/billing/schemas';
import type { Cart } from '@/features/cart/cart-types';
import { EmptyCart } from '@/features/cart/components/empty-cart';
import {
  OrderLines,
  RemovalError,
  RemovalMessage,
  useRemoveLine,
} from '@/features/cart/components/order-lines';
import { Price } from '@/features/pricing/components/price';
import { useHydrated } from '@/lib/use-hydrated';
import { browserApi } from '@/lib/browser-api';
import type { Checkout, CheckoutChange, WaitingOrder } from '../checkout-types';
import { forgetDetails, keepDetails, keptDetailsFor, keptDetailsText } from '../details-kept';
import { BillingStep } from './billing-step';
import { DetailsStep, type Details } from './details-step';
import { PlacedElsewhere, WaitingOrderPanel, type PlacedOrder } from './order-notices';
import { ReviewStep } from './review-step';
import authStyles from '@/components/form/form.module.css';
import styles from './checkout.module.css';

type Step = 'billing' | 'details' | 'review';
/**
 * A registrant exists only where a domain is bought; a cart of numbers and plans asks only for
 * the numbers' addresses, so its step is named for the customer's own details.
 */
function titlesOf(c: Checkout): Record<Step, string> {
  return {
    billing: 'Billing details',
    details: c.cart.items.some((l) => l.domain) ? 'Registrant and addresses' : 'Your details',
    review: 'Review and pay',
  };
}

const NO_DETAILS: Details = { registrant: null, numberAddresses: {}, sameAsBilling: {} };

/** The details given, without those of lines no longer in the cart (a line removed here). */
function detailsFor(details: Details, cart: Cart): Details {
  const ids = new Set(cart.items.map((l) => l.id));
  const mine = <T,>(record: Record<string, T>) =>
    Object.fromEntries(Object.entries(record).filter(([id]) => ids.has(id)));
  return {
    registrant: cart.items.some((l) => l.domain) ? details.registrant : null,
    numberAddresses: mine(details.numberAddresses),
    sameAsBilling: mine(details.sameAsBilling),
  };
}

/** The tab's storage tells no one of its changes: it is read again at each render. */
const unsubscribed = () => () => undefined;

type OrderList = { data: { orders: (PlacedOrder & { created_at: string })[] } };

/**
 * The newest order placed since `since` (ISO), as GET /api/orders lists them newest first; null
 * when there is none or the list cannot be read: the empty cart is then all there is to say.
 */
async function orderPlacedSince(since: string): Promise<PlacedOrder | null> {
  try {
    const { data } = await browserApi.get<OrderList>('/api/orders');
    return data.data.orders.find((o) => o.created_at >= since) ?? null;
  } catch {
    return null;
  }
}

/**
 * The signed-in checkout: billing details (the name from the account until saved), then the
 * registrant and number addresses when the cart needs them, then the review, terms and pay.
 * Each step's heading takes the focus, so keyboard and screen-reader users follow the steps. An
 * empty cart whose order was placed (Back from the pay page, another tab) shows that order.
 * What is bought is shown from the first step, each line with Remove (the summary above the
 * steps, the review's own list at the last): a dashboard-only brand has no cart page to change
 * it on (docs/decisions/0327). A removal says what it did where the focus goes; an order
 * emptied so says so, with where to find something else.
 */
export function CheckoutFlow({
  initial,
  billing: initialBilling,
  accountName,
  waitingOrder,
  renderedAt,
  countries,
  demo,
  dashboardOnly = false,
}: {
  initial: Checkout;
  billing: BillingDetails | null;
  accountName: string;
  waitingOrder: WaitingOrder | null;
  /** The product clock's time when the page was rendered: orders after it were placed elsewhere. */
  renderedAt: string;
  countries: { code: string; name: string }[];
  demo: boolean;
  /** The store has no shop pages (no cart page): the ways on lead to the dashboard. */
  dashboardOnly?: boolean;
}) {
  const [checkout, setCheckout] = useState(initial);
  const [billing, setBilling] = useState(initialBilling);
  const [changes, setChanges] = useState<CheckoutChange[]>(initial.changes);
  const [elsewhere, setElsewhere] = useState<PlacedOrder | null>(null);
  const needsDetails = (c: Checkout) =>
    c.cart.items.some((l) => l.domain) ||
    c.requirements.some((r) => r.kind === 'number_address' || r.kind === 'registrant');
  const steps: Step[] = [
    'billing',
    ...(needsDetails(checkout) ? ['details' as const] : []),
    'review',
  ];
  // Details given earlier in this tab for this cart as it is (a reload at "Review and pay"): the
  // page goes on from the review with them (docs/decisions/0297). Read after hydration only.
  const keptText = useSyncExternalStore(unsubscribed, keptDetailsText, () => null);
  const resumable = Boolean(initialBilling) && needsDetails(initial);
  const kept = useMemo(
    () => (resumable ? keptDetailsFor(keptText, initial.cart) : null),
    [resumable, keptText, initial.cart],
  );
  // null until the shopper moves: then the page's opening step, or the kept details' review.
  const [chosenStep, setStep] = useState<Step | null>(null);
  const step: Step = chosenStep ?? (kept ? 'review' : initialBilling ? steps[1]! : 'billing');
  const [chosenDetails, setDetails] = useState<Details | null>(null);
  const details = chosenDetails ?? kept ?? NO_DETAILS;
  const [fieldErrors, setFieldErrors] = useState<Record<string, string[]>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One key per order attempt: a retry of the same attempt (a lost answer) reuses it.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  // A step the shopper moved to takes the focus; the one the page opened on does not.
  useEffect(() => {
    if (chosenStep !== null) heading.current?.focus();
  }, [chosenStep]);

  // Called after the step's focus above: a removal's message takes the focus last.
  const ready = useHydrated();
  const removing = useRemoveLine(afterRemoval);

  /**
   * The cart without the removed line: checked again (its details' requirements may have gone
   * with it), the details given kept for the lines still there, and a details step no longer
   * needed left for the review.
   */
  async function afterRemoval(cart: Cart) {
    let fresh: Checkout;
    try {
      fresh = await reload();
    } catch {
      const ids = new Set(cart.items.map((l) => l.id));
      fresh = {
        ...checkout,
        cart,
        requirements: checkout.requirements.filter((r) => r.line_id === null || ids.has(r.line_id)),
      };
      setCheckout(fresh);
    }
    const given = chosenDetails ?? kept;
    if (given) {
      const next = detailsFor(given, fresh.cart);
      setDetails(next);
      if (step === 'review') keepDetails(fresh.cart, next);
    }
    if (step === 'details' && !needsDetails(fresh)) setStep(billing ? 'review' : 'billing');
    setError(null);
    setFieldErrors({});
  }

  // Back from the pay page may restore this page from the browser's memory as it was left
  // (placing the order): load it again, so it shows the order to pay rather than a stale step.
  useEffect(() => {
    const restored = (event: PageTransitionEvent) => {
      if (event.persisted) window.location.reload();
    };
    window.addEventListener('pageshow', restored);
    return () => window.removeEventListener('pageshow', restored);
  }, []);

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
      // The page shows what it showed until it is left, without what is forgotten now.
      setDetails(details);
      setStep(step);
      forgetDetails();
      window.location.assign(data.data.payment.redirect_url);
    } catch (e) {
      const problem = problemOf(e);
      setBusy(false);
      // Another tab placed the order: its cart is gone (a new version, or empty).
      if (problem.status === 409 || problem.code === 'cart_empty') {
        const fresh = await reload();
        if (fresh.cart.items.length === 0) {
          setElsewhere(await orderPlacedSince(renderedAt));
          return;
        }
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

  const removal = (
    <>
      <RemovalMessage
        removal={removing.removal}
        cart={checkout.cart}
        done={removing.done}
        numberBack={
          dashboardOnly
            ? 'It can be chosen again on your dashboard’s Numbers page.'
            : 'It is no longer held for you: it can be chosen again.'
        }
        // An emptied checkout says "Your order is empty." below: said once.
        emptySaid
      />
      <RemovalError error={removing.error} />
    </>
  );

  if (checkout.cart.items.length === 0) {
    return (
      <div className={styles.panel}>
        {removal}
        <ChangeList changes={changes} />
        {elsewhere ? <PlacedElsewhere order={elsewhere} /> : null}
        {!elsewhere && waitingOrder ? <WaitingOrderPanel order={waitingOrder} /> : null}
        {!elsewhere && !waitingOrder ? <EmptyCart dashboardOnly={dashboardOnly} /> : null}
      </div>
    );
  }
  const titles = titlesOf(checkout);
  const cartLink = dashboardOnly ? null : (
    <Link prefetch={false} href="/cart" className={authStyles.link}>
      Change your cart
    </Link>
  );

  return (
    <>
      {removal}
      {/* The review lists every line itself, with its VAT: the summary is for the steps before. */}
      {step === 'review' ? null : (
        <section className={styles.panel} aria-labelledby="order-summary">
          <h2 id="order-summary" className={styles.heading}>
            Your order
          </h2>
          <OrderLines
            cart={checkout.cart}
            removing={removing.removing}
            ready={ready}
            onRemove={(line) => void removing.remove(line)}
            foot={
              <>
                <span>
                  Due today{' '}
                  <Price
                    {...checkout.cart.totals.due_today}
                    siteVersion={checkout.cart.site_version}
                  />
                </span>
                {cartLink}
              </>
            }
          />
        </section>
      )}
      <nav aria-label="Checkout steps">
        <ol className={styles.steps}>
          {steps.map((s, i) => (
            <li key={s} className={styles.step} aria-current={s === step ? 'step' : undefined}>
              {i + 1}. {titles[s]}
            </li>
          ))}
        </ol>
      </nav>
      <ChangeList changes={changes} />
      <section className={styles.panel} aria-labelledby="checkout-step">
        <h2 id="checkout-step" ref={heading} tabIndex={-1} className={styles.heading}>
          {titles[step]}
        </h2>
        {step === 'billing' ? (
          <BillingStep
            billing={billing}
            accountName={accountName}
            defaultCountry={initial.cart.site_version === 2 ? 'US' : 'GB'}
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
              billing={billing}
              countries={countries}
              value={details}
              errors={fieldErrors}
              onDone={(next) => {
                setDetails(next);
                keepDetails(checkout.cart, next);
                setFieldErrors({});
                setError(null);
                setStep('review');
              }}
            />
          </>
        ) : null}
        {step === 'review' ? (
          <ReviewStep
            cart={checkout.cart}
            billing={billing}
            registrant={details.registrant}
            numberAddresses={details.numberAddresses}
            busy={busy}
            error={error}
            demo={demo}
            onPlace={place}
            removing={removing.removing}
            ready={ready}
            onRemove={(line) => void removing.remove(line)}
          />
        ) : null}
        {step !== 'billing' ? (
          <p className={styles.changeSteps}>
            {step === 'review' && steps.includes('details') ? (
              <button
                type="button"
                className={authStyles.secondary}
                onClick={() => setStep('details')}
              >
                Change {titles.details.toLowerCase()}
              </button>
            ) : null}
            <button
              type="button"
              className={authStyles.secondary}
              onClick={() => setStep('billing')}
            >
              Change billing details
            </button>
            {step === 'review' ? cartLink : null}
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
