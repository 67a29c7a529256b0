import { startMailServer, type MailServer } from './mail-server';

/**
 * Real outside parts for the account tests: an SMTP server receiving the product's mail. Must
 * run before any product module reads the configuration, so test files call it at top level and
 * import route modules after it.
 */
export async function startAuthHarness(): Promise<{ mail: MailServer }> {
  const mail = await startMailServer();
  process.env.SMTP_URL = mail.url;
  process.env.MAIL_FROM = 'no-reply@nameport.example';
  return { mail };
}

/** Loads the account routes after the configuration is in place. */
export async function authRoutes() {
  const [token, login, logout, customer, account, activate, forgot, checkReset, reset, challenge] =
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
    ]);
  return { token, login, logout, customer, account, activate, forgot, checkReset, reset, challenge };
}

let counter = 0;
/** A fresh e-mail address per call so tests never share an account or a limit. */
export const freshEmail = (tag = 'user') =>
  `${tag}.${process.pid}.${Date.now().toString(36)}.${counter++}@example.com`;
