import { Suspense } from 'react';
import { LoginForm } from '@/features/auth/components/login-form';
import { RegisterForm } from '@/features/auth/components/register-form';
import styles from './checkout.module.css';

/** `/checkout?account=new` opens the checkout on its registration form: a plain link reaches it. */
export function wantsRegistration(query: Record<string, string | string[] | undefined>): boolean {
  return query.account === 'new';
}

/**
 * Step zero for a visitor: sign in, or register (one form at a time). The cart stays with the
 * visit's session and moves to the account on sign-in, so nothing is lost; activation comes by
 * mail. The switch between the two is each form's own link, pointed at the other step here, not
 * at /login or /register: a link works from the first paint and without scripts, where a click
 * handler would do nothing until the page has hydrated.
 */
export function SignInStep({ registering }: { registering: boolean }) {
  return (
    <section className={styles.panel} aria-labelledby="checkout-account">
      <h2 id="checkout-account" className={styles.heading}>
        {registering ? 'Create an account' : 'Sign in to check out'}
      </h2>
      {registering ? (
        <>
          <p className={styles.muted}>
            Your cart is kept. Open the link in the activation mail, then sign in: you come back to
            this checkout.
          </p>
          <RegisterForm signInHref="/checkout" />
        </>
      ) : (
        <Suspense>
          <LoginForm next="/checkout" registerHref="/checkout?account=new" />
        </Suspense>
      )}
    </section>
  );
}
