import 'server-only';
import {
  generateRegistrationOptions,
  verifyRegistrationResponse,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { now } from '@/lib/clock';
import { appDb } from '@/lib/db/app-db';
import { ApiError } from '@/lib/http/api-response';
import { logger } from '@/lib/logger';
import { consumeLimits } from '@/lib/rate-limit/limiter';
import type { Store } from '@/features/tenancy/store-types';
import { mailSecurityChange } from './auth-mail.server';
import { LIMITS } from './limits.server';
import { consumeToken, issueToken } from './one-time-token-repository.server';
import {
  countUserPasskeys,
  deletePasskey,
  findUserPasskeys,
  insertPasskey,
  type PasskeyRow,
} from './passkey-repository.server';
import { confirmPassword } from './reauth.server';
import { isUniqueViolation, type UserRow } from './users-repository.server';

/**
 * Where a passkey ceremony happens: the relying party is the host the request named (the
 * brand's host), and the browser's Origin must be that host.
 */
export type PasskeyWhere = { store: Store; host: string; origin: string | null; ip: string };

/** How long the browser may take over a ceremony. */
export const CEREMONY_MS = 5 * 60_000;

export const passkeyRefused = () =>
  new ApiError(401, 'invalid_passkey', 'This passkey could not be checked. Try again.');

/**
 * The origin a passkey's signature must name: the request's own, and only when it is the relying
 * party's host over https (or http on localhost names, which browsers treat as secure).
 */
export function expectedOrigin(where: PasskeyWhere): string {
  let url: URL | null = null;
  try {
    url = where.origin ? new URL(where.origin) : null;
  } catch {
    url = null;
  }
  const local = url?.hostname === 'localhost' || url?.hostname.endsWith('.localhost');
  if (!url || url.hostname !== where.host || !(url.protocol === 'https:' || local)) {
    throw new ApiError(400, 'origin_mismatch', 'Passkeys work only on the store’s own address.');
  }
  return url.origin;
}

/** The WebAuthn user handle of a user: the 16 bytes of its id. */
export const userHandle = (userId: string) =>
  new Uint8Array(Buffer.from(userId.replace(/-/g, ''), 'hex'));

/** The challenge a browser's response answers, read from its client data (checked later). */
export function challengeOf(response: { response: { clientDataJSON: string } }): string | null {
  try {
    const data = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString());
    return typeof data.challenge === 'string' ? data.challenge : null;
  } catch {
    return null;
  }
}

/** Options for `navigator.credentials.create()`, after the password (a credential change). */
export async function passkeyRegistrationOptions(
  where: PasskeyWhere,
  user: UserRow,
  password: string,
) {
  await confirmPassword(user, password);
  const db = await appDb();
  const existing = await findUserPasskeys(db, user.id, where.host);
  const options = await generateRegistrationOptions({
    rpName: where.store.config.store_name,
    rpID: where.host,
    userName: user.email,
    userDisplayName: user.name,
    userID: userHandle(user.id),
    attestationType: 'none',
    timeout: CEREMONY_MS,
    excludeCredentials: existing.map((p) => ({
      id: p.credentialId,
      transports: p.transports ? p.transports.split(',') : undefined,
    })),
    // Discoverable, so it can sign in without an e-mail address being typed.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await issueToken(db, 'passkey', { userId: user.id }, options.challenge);
  return options;
}

function defaultName(at: Date): string {
  return `Passkey added ${at.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric' })}`;
}

export function passkeyDto(row: PasskeyRow) {
  return {
    id: row.id,
    name: row.name,
    rp_id: row.rpId,
    backed_up: row.backedUp,
    created_at: row.createdAt.toISOString(),
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
  };
}

/** Checks the browser's new credential against the challenge it was given and keeps it. */
export async function addPasskey(
  where: PasskeyWhere,
  user: UserRow,
  input: { response: RegistrationResponseJSON; name?: string },
) {
  await consumeLimits([[LIMITS.reauth, user.id]]);
  const origin = expectedOrigin(where);
  const db = await appDb();
  const challenge = challengeOf(input.response);
  const token = challenge ? await consumeToken(db, 'passkey', challenge) : null;
  if (!challenge || token?.userId !== user.id) {
    throw new ApiError(410, 'passkey_ceremony_expired', 'This took too long. Start again.');
  }
  let verification;
  try {
    verification = await verifyRegistrationResponse({
      response: input.response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: where.host,
      requireUserVerification: false,
    });
  } catch (error) {
    logger.warn({ err: String(error), user_id: user.id }, 'passkey registration refused');
    throw passkeyRefused();
  }
  if (!verification.verified) throw passkeyRefused();
  const info = verification.registrationInfo;
  const at = now();
  let row: PasskeyRow;
  try {
    row = await insertPasskey(db, {
      credentialId: info.credential.id,
      userId: user.id,
      rpId: where.host,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: (input.response.response.transports ?? []).join(','),
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      name: input.name || defaultName(at),
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ApiError(409, 'passkey_exists', 'This passkey is already registered.');
    }
    throw error;
  }
  await mailSecurityChange(where.store, user, {
    subject: 'A passkey was added to your account',
    what: `The passkey “${row.name}” was added to your account: it can now sign in on ${where.host}.`,
  });
  return passkeyDto(row);
}

/** A user's passkeys, as the security page lists them. */
export async function listPasskeys(userId: string) {
  return (await findUserPasskeys(await appDb(), userId)).map(passkeyDto);
}

export async function passkeyCount(userId: string): Promise<number> {
  return countUserPasskeys(await appDb(), userId);
}

/** Removes one of the user's passkeys (after the password); it signs in nowhere after that. */
export async function removePasskey(store: Store, user: UserRow, id: string, password: string) {
  await confirmPassword(user, password);
  const removed = await deletePasskey(await appDb(), { id, userId: user.id });
  if (!removed) throw new ApiError(404, 'passkey_not_found', 'There is no such passkey.');
  await mailSecurityChange(store, user, {
    subject: 'A passkey was removed from your account',
    what: `The passkey “${removed.name}” was removed from your account and no longer signs in.`,
  });
}
