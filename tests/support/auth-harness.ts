import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import { startMailServer, type MailServer } from './mail-server';

export const GOOGLE_CLIENT_ID = 'storefront-test.apps.googleusercontent.com';

/**
 * The issuer's side of Google sign-in: an RSA key pair, its public JWKS served over HTTP on a
 * local port (any free one, or `port`), and a signer for ID tokens with any claims the test wants.
 */
export async function startJwksServer(port = 0) {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key-1', alg: 'RS256', use: 'sig' };
  let fetches = 0;
  const server = createServer((req, res) => {
    fetches++;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ keys: [jwk] }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}/oauth2/v3/certs`,
    fetches: () => fetches,
    /** An ID token as Google would issue it, with `claims` overriding the defaults. */
    sign(claims: JWTPayload = {}, options: { key?: CryptoKey; kid?: string } = {}) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT({
        iss: 'https://accounts.google.com',
        aud: GOOGLE_CLIENT_ID,
        iat: now,
        exp: now + 3600,
        email_verified: true,
        ...claims,
      })
        .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'test-key-1', typ: 'JWT' })
        .sign(options.key ?? privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

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
 * Real outside parts for the account tests: an SMTP server receiving the product's mail, and
 * this process running the job queue's workers that deliver it. Must run before any product
 * module reads the configuration, so test files call it at top level and import route modules
 * after it.
 */
export async function startAuthHarness(): Promise<{
  mail: MailServer;
  sms: Awaited<ReturnType<typeof startSmsGateway>>;
  jwks: Awaited<ReturnType<typeof startJwksServer>>;
  close: () => Promise<void>;
}> {
  const mail = await startMailServer();
  const sms = await startSmsGateway();
  const jwks = await startJwksServer();
  process.env.GOOGLE_CLIENT_ID = GOOGLE_CLIENT_ID;
  process.env.GOOGLE_JWKS_URL = jwks.url;
  process.env.SMTP_URL = mail.url;
  process.env.SMS_URL = sms.url;
  // Mail and SMS leave through the job queue: this test process runs its workers.
  const { runJobsInThisProcess } = await import('@/lib/jobs/process-queue.server');
  await runJobsInThisProcess();
  return {
    mail,
    sms,
    jwks,
    close: async () => {
      await Promise.all([mail.close(), sms.close(), jwks.close()]);
    },
  };
}

/** Loads the account routes after the configuration is in place. */
export async function authRoutes() {
  const [
    token,
    login,
    logout,
    customer,
    account,
    activate,
    forgot,
    checkReset,
    reset,
    challenge,
    totp,
    phone,
    sessions,
  ] = await Promise.all([
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
  const glogin = await import('@/app/api/glogin/route');
  return {
    token,
    login,
    logout,
    customer,
    account,
    activate,
    forgot,
    checkReset,
    reset,
    challenge,
    totp,
    phone,
    sessions,
    glogin,
  };
}

let counter = 0;
/** A fresh e-mail address per call so tests never share an account or a limit. */
export const freshEmail = (tag = 'user') =>
  `${tag}.${process.pid}.${Date.now().toString(36)}.${counter++}@example.com`;
