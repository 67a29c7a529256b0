import 'server-only';
import { eq } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { appDb } from '@/lib/db/app-db';
import { outbox } from '@/lib/db/schema';
import { getEnv } from '@/lib/env';
import { logger } from '@/lib/logger';

export type OutgoingMail = {
  storeKey: string;
  to: string;
  fromName: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
};

export type OutgoingSms = { storeKey: string; to: string; text: string };

/** Anything that delivers one kind of message; the outbox calls it after recording the message. */
export interface Sender<M> {
  send(message: M): Promise<void>;
}

const TRANSPORT = Symbol.for('storefront.smtp');
type Holder = { [TRANSPORT]?: Transporter };

function smtpTransport(url: string): Transporter {
  const holder = globalThis as Holder;
  holder[TRANSPORT] ??= nodemailer.createTransport(url);
  return holder[TRANSPORT];
}

/** Mail over SMTP_URL with nodemailer. */
export const smtpSender = (url: string): Sender<OutgoingMail> => ({
  async send(mail) {
    await smtpTransport(url).sendMail({
      from: { name: mail.fromName, address: getEnv().MAIL_FROM },
      to: mail.to,
      replyTo: mail.replyTo || undefined,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
  },
});

/** SMS through an HTTP gateway at SMS_URL: POST {to, text} as JSON, any 2xx is delivered. */
export const httpSmsSender = (url: string): Sender<OutgoingSms> => ({
  async send(sms) {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ to: sms.to, text: sms.text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) throw new Error(`SMS gateway answered ${response.status}`);
  },
});

async function record(
  channel: 'mail' | 'sms',
  row: { storeKey: string; recipient: string; subject: string; text: string; html: string | null },
  sender: Sender<never> | null,
  deliver: () => Promise<void>,
): Promise<string> {
  const db = await appDb();
  const [saved] = await db
    .insert(outbox)
    .values({ channel, ...row })
    .returning({ id: outbox.id });
  const id = saved!.id;
  if (sender) {
    // Delivery runs after the answer: a slow mail server neither delays the caller nor tells
    // by timing whether a message was sent. A failure stays in the outbox with its error.
    void deliver()
      .then(() =>
        // Delivered: the copy (with its link or code) is no longer needed at rest.
        db
          .update(outbox)
          .set({ sentAt: new Date(), text: '', html: null })
          .where(eq(outbox.id, id)),
      )
      .catch(async (error: unknown) => {
        const message = error instanceof Error ? error.message : String(error);
        logger.error({ outbox_id: id, channel, err: message }, 'message delivery failed');
        await db
          .update(outbox)
          .set({ error: message.slice(0, 500) })
          .where(eq(outbox.id, id));
      })
      .catch((error: unknown) =>
        logger.error({ outbox_id: id, err: String(error) }, 'outbox state not recorded'),
      );
  }
  return id;
}

/**
 * Sends a mail: it is recorded in the outbox, then delivered over SMTP when SMTP_URL is set.
 * Without SMTP_URL it stays in the outbox for `npm run outbox`, never silently lost.
 */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  const url = getEnv().SMTP_URL;
  const sender = url ? smtpSender(url) : null;
  await record(
    'mail',
    {
      storeKey: mail.storeKey,
      recipient: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    },
    sender as Sender<never> | null,
    () => sender!.send(mail),
  );
}

/** Sends an SMS: recorded in the outbox, then delivered to SMS_URL when set. */
export async function sendSms(sms: OutgoingSms): Promise<void> {
  const url = getEnv().SMS_URL;
  const sender = url ? httpSmsSender(url) : null;
  await record(
    'sms',
    { storeKey: sms.storeKey, recipient: sms.to, subject: '', text: sms.text, html: null },
    sender as Sender<never> | null,
    () => sender!.send(sms),
  );
}
