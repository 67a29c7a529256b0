import { jsonOf, PORT, request, type RawResponse } from './support';
import { linkIn, startMailServer, type MailServer } from '../support/mail-server';

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

/** The cookies a raw answer set, as one Cookie header. */
function cookiesOf(response: RawResponse): string {
  return [...response.headers.matchAll(/^set-cookie: ([^;\r\n]+)/gim)].map((m) => m[1]).join('; ');
}

/**
 * A registered and activated customer, made through the calls and the activation mail (the
 * browser tests that need one start from there).
 */
export async function activeCustomer(
  mailbox: MailServer,
  email: string,
  password: string,
  name = 'Sam Signin',
  host = 'nameport.localhost',
): Promise<void> {
  const token = await request({ host, path: '/api/token' });
  const headers = {
    cookie: cookiesOf(token),
    'x-xsrf-token': jsonOf(token).data.token,
    'content-type': 'application/json',
  };
  const registered = await request({
    host,
    method: 'POST',
    path: '/svc/account',
    headers,
    body: JSON.stringify({ name, email, password }),
  });
  if (registered.status !== 202) throw new Error(`registration answered ${registered.status}`);
  const mail = await mailbox.waitFor(email, (m) => m.subject.startsWith('Activate'));
  const activation = linkIn(mail, '/activate').searchParams.get('token');
  const activated = await request({
    host,
    method: 'PUT',
    path: '/api/account/activate',
    headers,
    body: JSON.stringify({ token: activation }),
  });
  if (activated.status !== 200) throw new Error(`activation answered ${activated.status}`);
}
