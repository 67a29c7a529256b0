import 'server-only';
import nodemailer, { type Transporter } from 'nodemailer';

/** A file sent with a mail (an invoice PDF). */
export type MailAttachment = { filename: string; contentType: string; content: Buffer };

export type OutgoingMail = {
  storeKey: string;
  to: string;
  fromName: string;
  /** The store's own sender address (its `mailFrom` variable or no-reply@ its domain). */
  fromAddress: string;
  replyTo?: string;
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
};

export type OutgoingSms = { storeKey: string; to: string; text: string };

/** Anything that delivers one kind of message; the delivery job calls it. */
export interface Sender<M> {
  send(message: M): Promise<void>;
}

/** The receiving side refused the message for good (a retry would be refused again). */
export class PermanentDeliveryError extends Error {
  readonly code = 'permanent_delivery_failure';

  constructor(message: string) {
    super(message);
    this.name = 'PermanentDeliveryError';
  }
}

const TRANSPORTS = Symbol.for('storefront.smtp');
type Holder = { [TRANSPORTS]?: Map<string, Transporter> };

function smtpTransport(url: string): Transporter {
  const transports = ((globalThis as Holder)[TRANSPORTS] ??= new Map());
  let transport = transports.get(url);
  if (!transport) {
    // Well inside the delivery job's time limit (outbox-delivery.server.ts), so a hung mail
    // server fails the run instead of outliving it.
    transport = nodemailer.createTransport({
      url,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    });
    transports.set(url, transport);
  }
  return transport;
}

/** Mail over SMTP_URL with nodemailer. A 5xx answer is permanent; anything else may pass later. */
export const smtpSender = (url: string): Sender<OutgoingMail> => ({
  async send(mail) {
    try {
      await smtpTransport(url).sendMail({
        from: { name: mail.fromName, address: mail.fromAddress },
        to: mail.to,
        replyTo: mail.replyTo || undefined,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.attachments?.length ? { attachments: mail.attachments } : {}),
      });
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      if (code !== undefined && code >= 500 && code < 600) {
        throw new PermanentDeliveryError((error as Error).message);
      }
      throw error;
    }
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
    if (response.ok) return;
    const problem = `SMS gateway answered ${response.status}`;
    // A 4xx (but 408 and 429) says the request itself is wrong: sending it again cannot help.
    if (response.status >= 400 && response.status < 500 && ![408, 429].includes(response.status)) {
      throw new PermanentDeliveryError(problem);
    }
    throw new Error(problem);
  },
});
