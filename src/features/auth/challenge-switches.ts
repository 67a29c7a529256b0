import type { ChallengeMethod } from './schemas';

/** Methods that bring their own code: switching to one sends nothing. */
export const BROUGHT: ChallengeMethod[] = ['totp', 'backup_code', 'passkey'];

/** Whether a sign-in goes on to a store's admin (its `next` path). */
export const forAdmin = (next: string | null) =>
  next !== null && (next === '/admin' || next.startsWith('/admin/') || next.startsWith('/admin?'));

/**
 * The other ways to confirm a sign-in the challenge screen offers. A sign-in on its way to the
 * admin is not offered a code by e-mail: the admin does not count it as a second factor
 * (decision 0161), so it would end on the admin's "sign in again" page, and back here.
 */
export function otherMethods(
  state: { method: ChallengeMethod; methods: ChallengeMethod[] },
  next: string | null,
): ChallengeMethod[] {
  return state.methods.filter(
    (m) => (m !== state.method || !BROUGHT.includes(m)) && !(m === 'email' && forAdmin(next)),
  );
}
