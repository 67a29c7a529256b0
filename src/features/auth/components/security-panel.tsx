'use client';
import Link from 'next/link';
import { SWRConfig } from 'swr';
import type { SecurityPageData } from '../server/security-page.server';
import { CUSTOMER_KEY, useCustomer } from '../hooks/use-customer';
import { SECURITY_KEY, useSecurity } from '../hooks/use-security';
import { EmailSection, PasswordSection } from './account-sections';
import styles from '@/components/form/form.module.css';
import { BackupCodesSection } from './backup-codes';
import { PasskeysSection } from './passkeys-section';
import { PhoneSection } from './phone-section';
import { SessionsSection } from './sessions-section';
import { TotpSection } from './totp-section';

/**
 * The security page: second factors (app, phone, backup codes), passkeys, password, e-mail,
 * sessions. The page reads both answers on the server and hands them over, so every section is
 * in its first paint; they are then kept fresh from the same calls as before.
 */
export function SecurityPanel({ initial }: { initial: SecurityPageData | null }) {
  if (!initial) return <SecuritySections />;
  return (
    <SWRConfig
      value={(parent) => ({
        ...parent,
        fallback: {
          ...parent?.fallback,
          [CUSTOMER_KEY]: initial.customer,
          [SECURITY_KEY]: initial.security,
        },
      })}
    >
      <SecuritySections />
    </SWRConfig>
  );
}

function SecuritySections() {
  const { data, mutate } = useCustomer();
  const user = data?.user;
  const security = useSecurity(Boolean(user));
  // Every section at once, when both answers are in: sections slotted in later would push the
  // ones below them down.
  if (!data || (user && !security.data && !security.error)) {
    return <p aria-live="polite">Loading…</p>;
  }
  if (!user) {
    return (
      <p>
        <Link prefetch={false} className={styles.link} href="/login">
          Sign in
        </Link>{' '}
        to manage your security settings.
      </p>
    );
  }
  const refresh = () => Promise.all([mutate(), security.mutate()]);

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
      <PasswordSection />
      <EmailSection
        email={user.email}
        pending={security.data?.email_pending ?? null}
        onChange={refresh}
      />
      <SessionsSection onSignedOut={() => mutate()} />
    </>
  );
}
