import 'server-only';
import { appDb } from '@/lib/db/app-db';
import type { VatDisplay } from '@/features/pricing/vat-display';
import { setSessionVatDisplay } from '@/features/session/server/session-service.server';
import { setVatDisplayIfUnset, updateUser, type UserRow } from './users-repository.server';

/**
 * docs/contract/site-versions-and-vat.md: VAT display is kept in the session and, once signed in,
 * on the account.
 */
export async function saveVatDisplay(input: {
  sessionId: string;
  userId: string | null;
  display: VatDisplay;
}): Promise<void> {
  const db = await appDb();
  await db.transaction(async (tx) => {
    await setSessionVatDisplay(input.sessionId, input.display, tx);
    if (input.userId) await updateUser(tx, input.userId, { vatDisplay: input.display });
  });
}

/** The choice that applies: the account's once signed in, else the session's, else ex. */
export function vatDisplayOf(sessionVat: string | null, user: UserRow | null): VatDisplay {
  if (user?.vatDisplay === 'inc' || user?.vatDisplay === 'ex') return user.vatDisplay;
  return sessionVat === 'inc' ? 'inc' : 'ex';
}

/**
 * On sign-in: an account that never chose takes the choice made in this visit, so what the
 * shopper just picked is what the account keeps.
 */
export async function adoptSessionVatDisplay(
  userId: string,
  visitVat: string | null,
): Promise<void> {
  if (visitVat !== 'inc' && visitVat !== 'ex') return;
  await setVatDisplayIfUnset(await appDb(), userId, visitVat);
}
