'use client';
import { useRouter } from 'next/navigation';
import formStyles from '@/components/form/form.module.css';
import { FormError } from '@/components/form/field';
import { useFormAction } from '@/components/form/use-form-action';
import { browserApi } from '@/lib/browser-api';

/** Accepts the invitation for the signed-in person, then opens the admin (or its second factor). */
export function JoinButton({ token }: { token: string }) {
  const router = useRouter();
  const { waiting, error, run } = useFormAction('This invitation cannot be used.');
  async function accept() {
    await run(
      async () => {
        const { data } = await browserApi.post('/api/store-admin/join', { token });
        router.push(data.data.next);
      },
      { leaving: true },
    );
  }
  return (
    <>
      <FormError message={error} />
      <button type="button" className={formStyles.button} disabled={waiting} onClick={accept}>
        Accept the invitation
      </button>
    </>
  );
}
