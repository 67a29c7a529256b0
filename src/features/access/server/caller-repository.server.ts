import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { AppDb } from '@/lib/db/client';
import { prepared } from '@/lib/db/prepared';
import { users } from '@/lib/db/schema';

/** Who a user is in their account: never a hash or a secret (docs/decisions/0126). */
export type CallerIdentity = {
  id: string;
  storeKey: string;
  accountId: string;
  role: string;
  name: string;
  email: string;
};

export async function findCallerIdentity(
  db: AppDb,
  userId: string,
): Promise<CallerIdentity | null> {
  const query = prepared(db, 'caller_identity', (d, name) =>
    d
      .select({
        id: users.id,
        storeKey: users.storeKey,
        accountId: users.accountId,
        role: users.role,
        name: users.name,
        email: users.email,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .prepare(name),
  );
  const [row] = await query.execute({ userId });
  return row ?? null;
}
