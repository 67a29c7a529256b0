// A store owner with an authenticator app, made in the cluster's database for tests/e2e/tls.spec.ts
// (registration, invitation and enrolment have their own tests; the spec signs in through the
// real calls). Run with `node --conditions=react-server --import tsx tests/e2e/tls-staff.ts
// <store id>` and the cluster's DATABASE_URL; prints {"email","password","secret"}.
import { randomBytes } from 'node:crypto';
import { appDb } from '@/lib/db/app-db';
import { hashPassword } from '@/features/auth/server/password.server';
import {
  insertAccount,
  insertUser,
  updateUser,
} from '@/features/auth/server/users-repository.server';
import { newTotpSecret, sealTotpSecret } from '@/features/auth/server/totp.server';
import { insertStaff } from '@/features/store-admin/server/staff-repository.server';

const storeId = process.argv[2];
if (!storeId) throw new Error('usage: tls-staff.ts <store id>');
const password = 'a tls store owner passphrase';
const db = await appDb();
const email = `owner.${randomBytes(6).toString('hex')}@example.com`;
const accountId = await insertAccount(db, { storeKey: storeId, name: 'Store Owner' });
const user = await insertUser(db, {
  storeKey: storeId,
  accountId,
  name: 'Store Owner',
  email,
  passwordHash: await hashPassword(password),
  emailVerified: true,
  activatedAt: new Date(),
});
const secret = newTotpSecret();
await updateUser(db, user.id, { totpSecret: await sealTotpSecret(secret) });
await insertStaff(db, { storeId, userId: user.id, role: 'store_owner', createdAt: new Date() });
process.stdout.write(`${JSON.stringify({ email, password, secret })}\n`);
process.exit(0);
