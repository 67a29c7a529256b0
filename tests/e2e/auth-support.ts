import { PORT } from './support';
import { startMailServer } from '../support/mail-server';

/**
 * The mailbox of the browser suite: a real SMTP server where the production server sends its
 * mail. The server's SMTP_URL must name it: `smtp://127.0.0.1:<E2E_PORT + 1>` unless SMTP_URL
 * is set for the whole run.
 */
export const SMTP_PORT = Number(
  new URL(process.env.SMTP_URL ?? `smtp://127.0.0.1:${PORT + 1}`).port,
);

export async function startSuiteMailbox() {
  return startMailServer(SMTP_PORT);
}

let n = 0;
export const suiteEmail = (tag: string) => `${tag}.${Date.now().toString(36)}.${n++}@example.com`;
