'use client';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { authApi } from '../api/auth-api';
import { useCustomer } from '../hooks/use-customer';
import { useFormAction } from '../hooks/use-form-action';
import { useSecurity } from '../hooks/use-security';
import styles from './auth.module.css';
import { BackupCodesSection } from './backup-codes';
import { FormError } from './field';
import { PasskeysSection } from './passkeys-section';
import { PhoneSection } from './phone-section';
import { TotpSection } from './totp-section';

/** The security page: second factors (app, phone, backup codes), passkeys, sessions. */
export function SecurityPanel() {
  const { data, mutate } = useCustomer();
  const user = data?.user;
  const security = useSecurity(Boolean(user));
  const router = useRouter();
  const signOut = useFormAction('Signing out everywhere did not work. Try again.');
  if (!data) return <p aria-live="polite">Loading…</p>;
  if (!user) {
    return (
      <p>
        <Link className={styles.link} href="/login">
          Sign in
        </Link>{' '}
        to manage your security settings.
      </p>
    );
  }
  const refresh = () => Promise.all([mutate(), security.mutate()]);

  // Only a confirmed sign-out leaves the page: a failure stays here and says so, so nobody
  // believes the other devices are signed out when they are not.
  const everywhere = () =>
    signOut.run(
      async () => {
        await authApi.delete('/api/account/sessions');
        await mutate();
        router.push('/login');
      },
      { leaving: true },
    );

  return (
    <>
      <TotpSection enabled={user.second_factor} onChange={refresh} />
      {security.data ? (
        <>
          {security.data.second_factor ? (
            <BackupCodesSection left={security.data.backup_codes_left} onChange={refresh} />
          ) : null}
          <PhoneSection security={security.data} onChange={refresh} />
          <PasskeysSection passkeys={security.data.passkeys} onChange={refresh} />
        </>
      ) : null}
      <section className={styles.section} aria-labelledby="sessions-title">
        <h2 id="sessions-title" className={styles.title}>
          Sessions
        </h2>
        <p className={styles.lead}>
          Signed in on a device you no longer use? End every session, this one included.
        </p>
        <FormError message={signOut.error} />
        <button
          type="button"
          className={styles.secondary}
          onClick={everywhere}
          disabled={signOut.busy}
        >
          Sign out everywhere
        </button>
      </section>
    </>
  );
}
