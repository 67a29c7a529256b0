import 'server-only';
import { appDb } from '@/lib/db/app-db';
import { now } from '@/lib/clock';
import { getEnv } from '@/lib/env';
import { defineJob, type JobRun } from '@/lib/jobs/registry';
import { logger } from '@/lib/logger';
import {
  claimForDelivery,
  deliveryStanding,
  markAttemptFailed,
  markInterrupted,
  markKept,
  markSent,
  type OutboxRow,
} from './outbox-repository.server';
import { hasErrorCode } from '@/lib/error-code';
import { httpSmsSender, smtpSender } from './transports.server';

/**
 * The delivery of one outbox message, as a job (docs/decisions/0043). It sends a message at
 * most once: a run first claims the row with a conditional UPDATE, so a second worker, or a retry
 * of a run that is still sending, finds nothing to do.
 */

export type DeliveryData = { outboxId: string };

/** Longer than a run may take (the job's expireInSeconds), so a live run never loses its claim. */
const CLAIM_SECONDS = 120;

async function deliver({ outboxId }: DeliveryData, run: JobRun): Promise<void> {
  const db = await appDb();
  const message = await claimForDelivery(db, outboxId, CLAIM_SECONDS);
  if (!message) {
    const standing = await deliveryStanding(db, outboxId);
    if (!standing || standing.state !== 'queued') return; // delivered, failed, kept or gone
    // Another run holds it: try again later, when that run has finished or is known dead.
    if (!standing.claimExpired) throw new Error('the message is being sent by another run');
    if (await markInterrupted(db, outboxId)) {
      logger.error({ outbox_id: outboxId }, 'message delivery interrupted; not sent again');
    }
    return;
  }

  const send = sender(message);
  if (!send) {
    const variable = message.channel === 'mail' ? 'SMTP_URL' : 'SMS_URL';
    await markKept(db, outboxId, `no transport: ${variable} is not set`);
    return;
  }
  try {
    await send();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const permanent = hasErrorCode(error, 'permanent_delivery_failure');
    const final = permanent || run.lastAttempt;
    await markAttemptFailed(db, outboxId, reason, final);
    const entry = { outbox_id: outboxId, channel: message.channel, attempt: run.attempt };
    if (final) logger.error({ ...entry, err: reason }, 'message delivery failed');
    else logger.warn({ ...entry, err: reason }, 'message delivery failed; will retry');
    if (permanent) return; // sending it again would be refused again
    throw error;
  }
  await markSent(db, outboxId, now());
}

type StoredAttachment = { filename: string; contentType: string; base64: string };

function attachmentsOf(stored: unknown) {
  if (!Array.isArray(stored)) return undefined;
  return (stored as StoredAttachment[]).map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: Buffer.from(a.base64, 'base64'),
  }));
}

function sender(message: OutboxRow): (() => Promise<void>) | null {
  const env = getEnv();
  if (message.channel === 'mail') {
    if (!env.SMTP_URL) return null;
    const smtp = smtpSender(env.SMTP_URL);
    return () =>
      smtp.send({
        storeKey: message.storeKey,
        to: message.recipient,
        fromName: message.fromName ?? '',
        // Never null on a mail row (check outbox_mail_sender).
        fromAddress: message.fromAddress ?? '',
        replyTo: message.replyTo ?? undefined,
        subject: message.subject,
        text: message.text,
        html: message.html ?? '',
        attachments: attachmentsOf(message.attachments),
      });
  }
  if (!env.SMS_URL) return null;
  const sms = httpSmsSender(env.SMS_URL);
  return () => sms.send({ storeKey: message.storeKey, to: message.recipient, text: message.text });
}

/**
 * Six runs over half an hour to an hour (waits of 1-2, 2-4, 4-8, 8-16 and 16-32 minutes), which
 * outlasts a mail server's restart; a run stops after 60 s (the transports time out sooner).
 */
export const deliveryJob = defineJob<DeliveryData>('outbox.deliver', deliver, {
  retryLimit: 5,
  retryDelaySeconds: 60,
  retryBackoff: true,
  expireInSeconds: 60,
  concurrency: 2,
});
