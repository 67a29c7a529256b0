import 'server-only';
import { sendMail, sendSms } from '@/lib/mail/outbox.server';
import { brandedMail, type MailContent } from '@/features/mail/branded-mail';
import { storeLink } from '@/features/mail/store-link';
import type { Store } from '@/features/tenancy/store-types';
import { ROLE_LABELS, type Role } from '@/features/access/roles';

async function mail(store: Store, to: string, content: MailContent) {
  await sendMail({ storeKey: store.key, to, ...brandedMail(store, content) });
}

export function mailActivation(store: Store, to: { name: string; email: string }, token: string) {
  return mail(store, to.email, {
    subject: 'Activate your account',
    greeting: `Hello ${to.name},`,
    paragraphs: [
      `Thank you for registering with ${store.config.store_name}.`,
      'Open the link below to activate your account. It works once, within 48 hours.',
    ],
    action: { label: 'Activate account', url: storeLink(store, `/activate?token=${token}`) },
    footnote: 'If you did not register, ignore this mail: no account is activated without it.',
  });
}

/** Sent instead of an activation mail when the address already has an account. */
export function mailAlreadyRegistered(store: Store, to: { name: string; email: string }) {
  return mail(store, to.email, {
    subject: 'Someone tried to register with your address',
    greeting: `Hello ${to.name},`,
    paragraphs: [
      `Someone, perhaps you, tried to register a new ${store.config.store_name} account with this e-mail address, which already has one. No new account was made.`,
      'If it was you, sign in, or reset your password if you have forgotten it.',
    ],
    action: { label: 'Reset password', url: storeLink(store, '/forgot-password') },
  });
}

/**
 * Sent instead of an activation mail when the address has an account that was never activated:
 * the link is a password reset's, which activates (docs/decisions/0287).
 */
export function mailFinishSetup(store: Store, to: { name: string; email: string }, token: string) {
  return mail(store, to.email, {
    subject: 'Finish setting up your account',
    greeting: `Hello ${to.name},`,
    paragraphs: [
      `Someone, perhaps you, tried to register with ${store.config.store_name} using this e-mail address, which already has an account here that was never activated. No new account was made.`,
      'If it was you, choose your password with the link below: that activates the account. It works once, within 60 minutes.',
    ],
    action: {
      label: 'Choose a password',
      url: storeLink(store, `/reset-password?token=${token}`),
    },
    footnote: 'If it was not you, ignore this mail: nothing changes without it.',
  });
}

export function mailReset(store: Store, to: { name: string; email: string }, token: string) {
  return mail(store, to.email, {
    subject: 'Reset your password',
    greeting: `Hello ${to.name},`,
    paragraphs: [
      'We received a request to reset the password of your account.',
      'Open the link below to choose a new password. It works once, within 60 minutes.',
    ],
    action: {
      label: 'Choose a new password',
      url: storeLink(store, `/reset-password?token=${token}`),
    },
    footnote: 'If you did not ask for this, ignore this mail: your password stays as it is.',
  });
}

export function mailSignInCode(store: Store, to: { name: string; email: string }, code: string) {
  return mail(store, to.email, {
    subject: 'Your sign-in code',
    greeting: `Hello ${to.name},`,
    paragraphs: ['Enter this code to finish signing in. It is valid for 10 minutes, once.'],
    code,
    footnote: 'If you are not signing in, someone knows your password: change it now.',
  });
}

export function smsSignInCode(store: Store, phone: string, code: string) {
  return sendSms({
    storeKey: store.key,
    to: phone,
    text: `${code} is your ${store.config.store_name} sign-in code. Valid for 10 minutes.`,
  });
}

export function mailInvite(
  store: Store,
  to: string,
  from: { name: string; accountName: string },
  token: string,
  role: Role,
) {
  return mail(store, to, {
    subject: `${from.name} invited you to ${from.accountName}`,
    greeting: 'Hello,',
    paragraphs: [
      `${from.name} invited you to join the account "${from.accountName}" at ${store.config.store_name}.`,
      // The role as the team page names it (docs/decisions/0305, 0316).
      `You are invited with the role ${ROLE_LABELS[role]}.`,
      'Open the link below to create your account in it. The invitation works once, within 7 days.',
      // An address that already has an account here cannot join (decision 0326): the page the
      // link opens explains why and what to do, so the mail need not say "register" to it.
      `If this address already has an account at ${store.config.store_name}, the link tells you what you can do instead.`,
    ],
    action: { label: 'Accept the invitation', url: storeLink(store, `/invite/${token}`) },
  });
}

/**
 * Tells the customer that how their account signs in changed: password, e-mail
 * address, a second factor. Whoever did it, the owner of the address learns of it.
 */
export function mailSecurityChange(
  store: Store,
  to: { name: string; email: string },
  change: { subject: string; what: string },
) {
  return mail(store, to.email, {
    subject: change.subject,
    greeting: `Hello ${to.name},`,
    paragraphs: [
      change.what,
      'If this was you, there is nothing to do. If it was not, reset your password now and review the security page of your account.',
    ],
    action: { label: 'Review your security', url: storeLink(store, '/dashboard/security') },
  });
}

export function smsPhoneSetupCode(store: Store, phone: string, code: string) {
  return sendSms({
    storeKey: store.key,
    to: phone,
    text: `${code} is your ${store.config.store_name} code to confirm this number. Valid for 10 minutes.`,
  });
}

/** Sent to a new address: the link that moves the account to it (24 hours, once). */
export function mailConfirmEmail(store: Store, to: { name: string; email: string }, token: string) {
  return mail(store, to.email, {
    subject: 'Confirm your new e-mail address',
    greeting: `Hello ${to.name},`,
    paragraphs: [
      `You asked to use this address for your ${store.config.store_name} account.`,
      'Open the link below to confirm it. It works once, within 24 hours.',
    ],
    action: {
      label: 'Confirm this address',
      url: storeLink(store, `/confirm-email?token=${token}`),
    },
    footnote: 'If you did not ask for this, ignore this mail: nothing changes without it.',
  });
}

/** Sent instead when the new address already has an account: the caller is told the same. */
export function mailEmailTaken(store: Store, email: string) {
  return mail(store, email, {
    subject: 'Someone tried to use your address',
    greeting: 'Hello,',
    paragraphs: [
      `Someone asked to move another ${store.config.store_name} account to this e-mail address, which already has an account. Nothing changed.`,
    ],
    action: { label: 'Reset password', url: storeLink(store, '/forgot-password') },
  });
}
