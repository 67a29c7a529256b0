import 'server-only';
import { roleOf, type Role } from '@/features/access/roles';
import { now } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import { consumeLimits } from '@/lib/rate-limit/limiter';
import type { Store } from '@/features/tenancy/store-types';
import { newPasswordSchema, registerSchema } from '../schemas';
import { mailActivation, mailAlreadyRegistered, mailFinishSetup } from './auth-mail.server';
import { inviteGone, inviteNotFound } from './invites.server';
import { accountKey, LIMITS } from './limits.server';
import { guessablePassword, hashPassword } from './password.server';
import {
  findInvite,
  findToken,
  isUsable,
  issueToken,
  consumeToken,
} from './one-time-token-repository.server';
import {
  findUserByEmail,
  insertAccount,
  insertUser,
  isUniqueViolation,
  markActivated,
  type UserRow,
} from './users-repository.server';

const GUESSABLE =
  'is too easy to guess: choose one that is not a common password, your e-mail address, your name or a repeated pattern';

export const commonPassword = () =>
  new ApiError(400, 'validation_failed', 'The request is not valid.', { password: [GUESSABLE] });

const textOf = (value: unknown) => (typeof value === 'string' ? value : null);

/**
 * The registration body as POST /svc/account reads it: a guessable password is refused together
 * with whatever else is wrong, so a customer who mistyped the address hears of both at once
 * instead of fixing one and then meeting the other. Checked whenever the password passed its own
 * rules, even when another field did not.
 */
export const registerBodySchema = registerSchema.refine(
  (body) =>
    !guessablePassword(body.password, { email: textOf(body.email), name: textOf(body.name) }),
  {
    path: ['password'],
    message: GUESSABLE,
    when: ({ value }) =>
      newPasswordSchema.safeParse((value as { password?: unknown } | null)?.password).success,
  },
);

/** What a registration tells the caller: check the mail, or (from an invite) ready to sign in. */
export type Registered = { status: 'check_your_email' } | { status: 'active' };

export const emailTaken = () =>
  new ApiError(
    409,
    'email_taken',
    'This address already has an account here. Sign in with it instead.',
  );

/**
 * What a registration with a taken address mails its owner (docs/decisions/0287): a notice when
 * the account is active; when it was never activated, a link to choose its password, which
 * activates it (the reset's, so the password is always the mailbox owner's choice, never the
 * registration's that someone else may have made).
 */
async function mailTakenAddress(store: Store, user: UserRow): Promise<void> {
  if (user.activatedAt) return mailAlreadyRegistered(store, user);
  const { token } = await issueToken(await appDb(), 'reset', {
    userId: user.id,
    passwordVersion: user.passwordVersion,
  });
  await mailFinishSetup(store, user, token);
}

/**
 * Registration (POST /svc/account). The answer is the same whether the address is new or taken;
 * a taken address's owner gets a notice instead of an activation mail, or, when that account was
 * never activated, a link to choose its password and so activate it. The password is hashed on
 * both paths, so time says nothing either. With an invite token the new user joins the inviting
 * account and is active at once: the invite mail, sent to that address, proved it
 * (docs/decisions/0080). Only the holder of that mail's token learns whether the address is taken.
 */
export async function register(
  { store, ip }: { store: Store; ip: string },
  input: { name: string; email: string; password: string; invite_token?: string },
): Promise<Registered> {
  await consumeLimits([
    [LIMITS.registerIp, ip],
    [LIMITS.registerAccount, accountKey(store.key, input.email)],
  ]);
  if (guessablePassword(input.password, input)) throw commonPassword();
  const db = await appDb();

  let invite = null;
  if (input.invite_token) {
    // Another store's invitation is unknown here: its account is not of this store (0326).
    invite = await findInvite(db, store.key, input.invite_token);
    if (!invite) throw inviteNotFound();
    if (!isUsable(invite)) throw inviteGone();
    if (invite.email !== input.email) {
      throw new ApiError(400, 'validation_failed', 'The request is not valid.', {
        email: ['must be the address the invitation was sent to'],
      });
    }
  }

  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(db, store.key, input.email);
  if (existing) {
    if (invite) throw emailTaken();
    await mailTakenAddress(store, existing);
    return { status: 'check_your_email' };
  }

  let created;
  try {
    created = await db.transaction(async (tx) => {
      let accountId: string;
      let role: Role = 'owner';
      let invited = false;
      if (invite && input.invite_token) {
        const used = await consumeToken(tx, 'invite', input.invite_token);
        if (!used?.accountId) throw inviteGone();
        accountId = used.accountId;
        role = roleOf(used.role ?? 'member');
        invited = true;
      } else {
        accountId = await insertAccount(tx, { storeKey: store.key, name: input.name });
      }
      const user = await insertUser(tx, {
        storeKey: store.key,
        accountId,
        role,
        name: input.name,
        email: input.email,
        passwordHash,
        ...(invited ? { emailVerified: true, activatedAt: now() } : {}),
      });
      if (invited) return { user, token: null };
      const { token } = await issueToken(tx, 'activation', { userId: user.id });
      return { user, token };
    });
  } catch (error) {
    // The same address registered a moment ago by a parallel request: answer as for a taken one.
    if (isUniqueViolation(error)) {
      if (invite) throw emailTaken();
      const other = await findUserByEmail(db, store.key, input.email);
      if (other) await mailTakenAddress(store, other);
      return { status: 'check_your_email' };
    }
    throw error;
  }
  if (!created.token) return { status: 'active' };
  await mailActivation(store, created.user, created.token);
  return { status: 'check_your_email' };
}

/** The answer to an activation link that cannot be used (any more): the same for every reason. */
const activationLinkSpent = () =>
  new ApiError(
    410,
    'token_invalid',
    'This activation link cannot be used any more: the account is already active, or the link has run out or been replaced. Sign in to check your account.',
  );

/** Activates the account of an activation token, once. */
export async function activate(token: string): Promise<void> {
  const db = await appDb();
  const used = await consumeToken(db, 'activation', token);
  if (!used?.userId) throw activationLinkSpent();
  await markActivated(db, used.userId, now());
}

/**
 * check-activation-link (decision 0330): whether an activation link would still work, using
 * nothing up, so the page can say a spent link is spent before anyone clicks. It tells the
 * link's holder nothing but that (no address, no account), and is rate limited per IP as the
 * reset link's check is: guessing a 256-bit token is hopeless anyway.
 */
export async function checkActivation(ip: string, token: string): Promise<{ valid: true }> {
  await consumeLimits([[LIMITS.activationCheckIp, ip]]);
  const row = await findToken(await appDb(), 'activation', token);
  if (!row?.userId || !isUsable(row)) throw activationLinkSpent();
  return { valid: true };
}
