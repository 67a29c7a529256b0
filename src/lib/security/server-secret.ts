import 'server-only';
import { randomBytes } from 'node:crypto';
import { appDb } from '@/lib/db/app-db';
import { storedSecret } from '@/lib/db/app-secrets';
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
    const value = await storedSecret(await appDb(), 'auth', () =>
      randomBytes(32).toString('base64url'),
    );
    return Buffer.from(value, 'base64url');
  })().catch((error: unknown) => {
    delete holder[KEY];
    throw error;
  });
  return holder[KEY];
}
