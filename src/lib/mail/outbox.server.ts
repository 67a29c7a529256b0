import 'server-only';
import { appDb } from '@/lib/db/app-db';
import type { AppDb } from '@/lib/db/client';
import { now } from '@/lib/clock';
import { getEnv } from '@/lib/env';
import { enqueue, notifyJobWorkers, prepareJobQueue } from '@/lib/jobs/process-queue.server';
import { deliveryJob } from './outbox-delivery.server';
import { insertMessage, type NewOutboxRow } from './outbox-repository.server';
import type { OutgoingMail, OutgoingSms } from './transports.server';

export type { MailAttachment, OutgoingMail, OutgoingSms } from './transports.server';

/** A transaction (or the database) a message is recorded in. */
export type MessageTx = Pick<AppDb, 'insert' | 'execute'>;

export type SendOptions = {
  /**
   * Record the message, and its delivery job, in the caller's transaction: the mail exists
   * exactly when the change that causes it commits. The job queue must be started before the
   * transaction (`prepareJobQueue()` from src/lib/jobs; the server starts it at boot).
   */
  tx?: MessageTx;
};

type Message = Omit<NewOutboxRow, 'state' | 'createdAt'>;

/**
 * Records a message in the outbox and, when its transport is configured, its delivery job, in
 * one transaction. Delivery runs after the answer: a slow mail server neither delays the caller
 * nor tells by timing whether a message was sent. Without a transport it stays in the outbox for
 * `npm run outbox`, never silently lost.
 */
async function record(message: Message, deliverable: boolean, tx?: MessageTx): Promise<void> {
  const row = { ...message, state: deliverable ? 'queued' : 'kept', createdAt: now() };
  if (!deliverable) {
    await insertMessage(tx ?? (await appDb()), row);
    return;
  }
  const recordAndEnqueue = async (t: MessageTx) => {
    const outboxId = await insertMessage(t, row);
    const jobId = await enqueue(deliveryJob.name, { outboxId }, { tx: t });
    // A message without its job would never leave: refuse both.
    if (!jobId) throw new Error('the delivery job was not created');
  };
  if (tx) {
    await recordAndEnqueue(tx);
    return;
  }
  // Outside the transaction: on PGlite it holds the only connection the queue would start on.
  await prepareJobQueue();
  await (await appDb()).transaction(recordAndEnqueue);
  notifyJobWorkers(deliveryJob.name);
}

/** Sends a mail: recorded in the outbox, then delivered over SMTP when SMTP_URL is set. */
export async function sendMail(mail: OutgoingMail, options: SendOptions = {}): Promise<void> {
  await record(
    {
      channel: 'mail',
      storeKey: mail.storeKey,
      recipient: mail.to,
      fromName: mail.fromName,
      fromAddress: mail.fromAddress,
      replyTo: mail.replyTo ?? null,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments?.length
        ? mail.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            base64: a.content.toString('base64'),
          }))
        : null,
    },
    Boolean(getEnv().SMTP_URL),
    options.tx,
  );
}

/** Sends an SMS: recorded in the outbox, then delivered to SMS_URL when set. */
export async function sendSms(sms: OutgoingSms, options: SendOptions = {}): Promise<void> {
  await record(
    {
      channel: 'sms',
      storeKey: sms.storeKey,
      recipient: sms.to,
      subject: '',
      text: sms.text,
      html: null,
    },
    Boolean(getEnv().SMS_URL),
    options.tx,
  );
}
