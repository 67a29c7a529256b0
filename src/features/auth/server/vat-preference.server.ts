import 'server-only';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { appDb } from '@/lib/db/app-db';
import { sessions, users } from '@/lib/db/schema';

export type VatDisplay = 'inc' | 'ex';

/** PRODUCT.md: VAT display is kept in the session and, once signed in, on the account. */
export async function saveVatDisplay(input: {
  sessionId: string;
  userId: string | null;
  display: VatDisplay;
}): Promise<void> {
  const db = await appDb();
  await db.transaction(async (tx) => {
    await tx
      .update(sessions)
      .set({ vatDisplay: input.display })
      .where(eq(sessions.id, input.sessionId));
    if (input.userId) {
      await tx.update(users).set({ vatDisplay: input.display }).where(eq(users.id, input.userId));
    }
  });
}

/** The choice that applies: the account's once signed in, else the session's, else ex (SPEC). */
export async function vatDisplayOf(input: {
  sessionVat: string | null;
  userId: string | null;
}): Promise<VatDisplay> {
  if (input.userId) {
    const [row] = await (
      await appDb()
    )
      .select({ vat: users.vatDisplay })
      .from(users)
      .where(eq(users.id, input.userId));
    if (row?.vat === 'inc' || row?.vat === 'ex') return row.vat;
  }
  return input.sessionVat === 'inc' ? 'inc' : 'ex';
}

/**
 * On sign-in: an account that never chose takes the choice made in this visit, so what the
 * shopper just picked is what the account keeps.
 */
export async function adoptSessionVatDisplay(sessionId: string, userId: string): Promise<void> {
  await (
    await appDb()
  )
    .update(users)
    .set({
      vatDisplay: sql`(select ${sessions.vatDisplay} from ${sessions} where ${sessions.id} = ${sessionId})`,
    })
    .where(and(eq(users.id, userId), isNull(users.vatDisplay)));
}
