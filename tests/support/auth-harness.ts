import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startMailServer, type MailServer } from './mail-server';

/** An SMS gateway on a local port: keeps every `{to, text}` posted to it. */
export async function startSmsGateway() {
  const received: { to: string; text: string }[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      res.writeHead(202).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/sms`,
    received,
    async waitFor(to: string, after = 0): Promise<{ to: string; text: string }> {
      const deadline = Date.now() + 5_000;
      for (;;) {
        const found = received.slice(after).find((m) => m.to === to);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no SMS to ${to} within 5 s`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Real outside parts for the account tests: an SMTP server receiving the product's mail. Must
 * run before any product module reads the configuration, so test files call it at top level and
 * import route modules after it.
 */
export async function startAuthHarness(): Promise<{
  mail: MailServer;
  sms: Awaited<ReturnType<typeof startSmsGateway>>;
}> {
  const mail = await startMailServer();
  const sms = await startSmsGateway();
  process.env.SMTP_URL = mail.url;
  process.env.SMS_URL = sms.url;
  process.env.MAIL_FROM = 'no-reply@nameport.example';
  return { mail, sms };
}

/** Loads the account routes after the configuration is in place. */
export async function authRoutes() {
  const [token, login, logout, customer, account, activate, forgot, checkReset, reset, challenge, totp, phone, sessions] =
    await Promise.all([
      import('@/app/api/token/route'),
      import('@/app/api/login/route'),
      import('@/app/api/logout/route'),
      import('@/app/api/customer/route'),
      import('@/app/svc/account/route'),
      import('@/app/api/account/activate/route'),
      import('@/app/api/forgot-password/route'),
      import('@/app/api/check-reset-link/route'),
      import('@/app/api/reset-password/route'),
      import('@/app/svc/account/login/challenge/route'),
      import('@/app/api/account/totp/route'),
      import('@/app/api/account/phone/route'),
      import('@/app/api/account/sessions/route'),
    ]);
  return { token, login, logout, customer, account, activate, forgot, checkReset, reset, challenge, totp, phone, sessions };
}

let counter = 0;
/** A fresh e-mail address per call so tests never share an account or a limit. */
export const freshEmail = (tag = 'user') =>
  `${tag}.${process.pid}.${Date.now().toString(36)}.${counter++}@example.com`;
