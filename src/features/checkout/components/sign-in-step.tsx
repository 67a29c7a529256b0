'use client';
import { Suspense, useState } from 'react';
import authStyles from '@/components/form/form.module.css';
import { LoginForm } from '@/features/auth/components/login-form';
import { RegisterForm } from '@/features/auth/components/register-form';
import styles from './checkout.module.css';

/**
 * Step zero for a visitor: sign in, or register (one form at a time). The cart stays with the
 * visit's session and moves to the account on sign-in, so nothing is lost; activation comes by
 * mail.
 */
export function SignInStep() {
  const [registering, setRegistering] = useState(false);
  return (
    <section className={styles.panel} aria-labelledby="checkout-account">
      <h2 id="checkout-account" className={styles.heading}>
        {registering ? 'Create an account' : 'Sign in to check out'}
      </h2>
      {registering ? (
        <>
          <p className={styles.muted}>
            Your cart is kept. Open the link in the activation mail, then come back to the checkout
            and sign in.
          </p>
          <RegisterForm />
        </>
      ) : (
        <Suspense>
          <LoginForm next="/checkout" />
        </Suspense>
      )}
      <button
        type="button"
        className={authStyles.secondary}
        onClick={() => setRegistering(!registering)}
      >
        {registering ? 'I have an account: sign in' : 'New here? Create an account'}
      </button>
    </section>
  );
}
