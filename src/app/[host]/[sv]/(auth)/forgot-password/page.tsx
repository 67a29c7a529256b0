import type { Metadata } from 'next';
import { AuthCard } from '@/components/form/auth-card';
import { ForgotForm } from '@/features/auth/components/forgot-form';

export const metadata: Metadata = { title: 'Forgot your password' };

export default function ForgotPasswordPage() {
  return (
    <AuthCard
      title="Forgot your password?"
      lead="Enter your e-mail address and we will send you a link to choose a new one."
    >
      <ForgotForm />
    </AuthCard>
  );
}
