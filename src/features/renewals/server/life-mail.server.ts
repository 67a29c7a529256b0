import 'server-only';
import type { AppDb } from '@/lib/db/client';
import { sendMail } from '@/lib/mail/outbox.server';
import { brandedMail } from '@/features/mail/branded-mail';
import { storeLink } from '@/features/mail/store-link';
import type { OrderRow } from '@/features/orders/server/orders.server';
import { formatMoney } from '@/features/pricing/format-money';
import type { Store } from '@/features/tenancy/store-types';
import { SITE_VERSIONS, type SiteVersionId } from '@/features/site-version/site-version';

/**
 * The mails of a service's life, in the store's brand over the outbox,
 * each recorded in the transaction of the step that sends it, so each goes once.
 */

export type LifeMail =
  | { kind: 'bill'; dueAt: Date; autoCharge: boolean }
  | { kind: 'reminder'; dueAt: Date; autoCharge: boolean }
  | { kind: 'expired'; until: Date }
  | { kind: 'redemption'; until: Date }
  | { kind: 'released' }
  | { kind: 'charge_failed'; reason: string; next: Date | null }
  | { kind: 'suspended'; until: Date }
  | { kind: 'cancelled' };

function day(date: Date, siteVersion: SiteVersionId): string {
  return new Intl.DateTimeFormat(SITE_VERSIONS[siteVersion].locale, {
    dateStyle: 'long',
    timeZone: 'UTC',
  }).format(date);
}

function content(
  mail: LifeMail,
  name: string,
  amount: string,
  sv: SiteVersionId,
): [string, string[]] {
  switch (mail.kind) {
    case 'bill':
      return [
        `Renewal of ${name}: ${amount} due ${day(mail.dueAt, sv)}`,
        [
          `${name} renews on ${day(mail.dueAt, sv)}. Your renewal bill is ${amount}.`,
          mail.autoCharge
            ? 'Auto-renew is on: we will charge your saved payment method 7 days before, unless you pay first.'
            : 'Pay it before then to keep the service without interruption.',
        ],
      ];
    case 'reminder':
      return [
        `Reminder: ${name} renews on ${day(mail.dueAt, sv)}`,
        [
          `Your renewal bill of ${amount} for ${name} is still unpaid.`,
          mail.autoCharge
            ? 'We are charging your saved payment method today.'
            : 'Pay it now: unpaid on its due date, the service lapses.',
        ],
      ];
    case 'expired':
      return [
        `${name} has expired`,
        [
          `${name} expired unpaid. You can still renew it for ${amount} until ${day(mail.until, sv)}.`,
          'After that date it can only be restored, at a higher restore price, for another 30 days.',
        ],
      ];
    case 'redemption':
      return [
        `${name} is in redemption`,
        [
          `${name} was not renewed in time. It can be restored until ${day(mail.until, sv)}; after that it is released and anyone may register it.`,
        ],
      ];
    case 'released':
      return [`${name} has been released`, [`${name} was not renewed and is no longer yours.`]];
    case 'charge_failed':
      return [
        `We could not charge the renewal of ${name}`,
        [
          `Charging ${amount} for ${name} failed: ${mail.reason}`,
          mail.next
            ? `We will try again on ${day(mail.next, sv)}. You can also pay the bill yourself now, or change your payment method.`
            : 'This was our last try: pay the bill yourself to keep the service.',
        ],
      ];
    case 'suspended':
      return [
        `${name} is suspended`,
        [
          `The renewal bill of ${amount} for ${name} is 14 days overdue, so the service is suspended.`,
          `Pay it by ${day(mail.until, sv)}, or it is released.`,
        ],
      ];
    case 'cancelled':
      return [`${name} has ended`, [`As you asked, ${name} ended at the end of its period.`]];
  }
}

/** Sends one of the life mails about a service, to the address its bills go to. */
export async function sendLifeMail(
  tx: AppDb,
  store: Store,
  input: {
    to: string;
    greetingName: string;
    service: string;
    bill: OrderRow | null;
    mail: LifeMail;
  },
): Promise<void> {
  const sv = input.bill?.siteVersion ?? 1;
  const amount = input.bill ? formatMoney(input.bill.totalGross, sv) : '';
  const [subject, paragraphs] = content(input.mail, input.service, amount, sv);
  const mail = brandedMail(store, {
    subject,
    greeting: `Hello ${input.greetingName},`,
    paragraphs,
    action: input.bill
      ? { label: 'Pay the bill', url: storeLink(store, `/orders/${input.bill.id}`) }
      : { label: 'Your services', url: storeLink(store, '/dashboard') },
  });
  await sendMail({ storeKey: store.key, to: input.to, ...mail }, { tx });
}
