import Link from 'next/link';
import { AuthCard } from '@/components/form/auth-card';
import authStyles from '@/components/form/form.module.css';

/** What a dashboard page shows a visitor who is not signed in. */
export function SignInFirst({ title }: { title: string }) {
  return (
    <AuthCard title={title}>
      <p>
        <Link prefetch={false} className={authStyles.link} href="/login">
          Sign in
        </Link>{' '}
        to see your account.
      </p>
    </AuthCard>
  );
}
