import 'server-only';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { appDb } from '@/lib/db/app-db';
import { appSecrets } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';

const KEY = Symbol.for('storefront.server-secret');
type Holder = { [KEY]?: Promise<Buffer> };

/**
 * The key behind CSRF tokens, code hashes and TOTP secret encryption: `AUTH_SECRET`, or else a
 * random key made once and kept in the database, so that a fresh clone is secure without
 * configuration and every instance on one database agrees.
 */
export function serverSecret(): Promise<Buffer> {
  const holder = globalThis as Holder;
  holder[KEY] ??= (async () => {
    const configured = getEnv().AUTH_SECRET;
    if (configured) return Buffer.from(configured, 'utf8');
    const db = await appDb();
    await db
      .insert(appSecrets)
      .values({ name: 'auth', value: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    const [row] = await db.select().from(appSecrets).where(eq(appSecrets.name, 'auth'));
    if (!row) throw new Error('server secret missing after insert');
    return Buffer.from(row.value, 'base64url');
  })().catch((error: unknown) => {
    delete holder[KEY];
    throw error;
  });
  return holder[KEY];
}
