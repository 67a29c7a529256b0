import { E2E_RATE_LIMIT_SCALE } from './server-settings';
import { expect, test } from '@playwright/test';
import { jsonOf, request, type RawResponse } from './support';
import { startSuiteMailbox } from './auth-support';
import type { MailServer } from '../support/mail-server';

/** The account calls on the production server, with what a browser never sends. */

let mailbox: MailServer;
test.beforeAll(async () => {
  mailbox = await startSuiteMailbox();
});
test.afterAll(async () => {
  await mailbox.close();
});

function cookiesOf(response: RawResponse): string {
  return [...response.headers.matchAll(/^set-cookie: ([^;\r\n]+)/gim)].map((m) => m[1]).join('; ');
}

async function session(): Promise<Record<string, string>> {
  const answer = await request({ path: '/api/token' });
  return { cookie: cookiesOf(answer), 'x-xsrf-token': jsonOf(answer).data.token };
}

test('GET /api/token sets an HttpOnly session cookie and a readable XSRF-TOKEN cookie', async () => {
  const answer = await request({ path: '/api/token' });
  expect(answer.status).toBe(200);
  expect(answer.headers).toMatch(
    /^set-cookie: sid=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=lax$/im,
  );
  expect(answer.headers).toMatch(
    /^set-cookie: XSRF-TOKEN=[A-Za-z0-9_-]+; Path=\/; SameSite=lax$/im,
  );
});

test('a spoofed X-Forwarded-For does not escape the rate limit', async () => {
  const token = await session();
  const statuses: number[] = [];
  // forgot-password allows 10 per address per hour, scaled on the suite's server.
  const limit = 10 * E2E_RATE_LIMIT_SCALE;
  for (let i = 0; i < limit + 2; i++) {
    const answer = await request({
      method: 'POST',
      path: '/api/forgot-password',
      headers: {
        ...token,
        'content-type': 'application/json',
        'x-forwarded-for': `203.0.113.${(i % 250) + 1}`,
      },
      body: JSON.stringify({ email: `spoof.${i}@example.com` }),
    });
    statuses.push(answer.status);
    if (answer.status === 429) {
      expect(Number(/^retry-after: (\d+)/im.exec(answer.headers)?.[1])).toBeGreaterThan(0);
    }
  }
  // Every request came from 127.0.0.1, whatever the header said.
  expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
  expect(statuses.slice(-2)).toEqual([429, 429]);
});

test('account calls refuse malformed input with 4xx, never 500', async () => {
  const token = await session();
  const cases: [string, string, string][] = [
    ['POST', '/api/login', '{"email":'],
    ['POST', '/api/login', '{"email":"a@b.co","password":123}'],
    ['POST', '/svc/account', '{"name":"x","email":"x@example.com","password":"short"}'],
    ['PUT', '/api/account/activate', '{"token":"../../etc"}'],
    ['POST', '/api/reset-password', '{"token":"abc","password":"x","password_confirmation":"y"}'],
    ['POST', '/svc/account/login/challenge', '{"challenge":"x","code":"1"}'],
    ['POST', '/api/glogin', '{"credential":"x"}'],
    ['POST', '/api/oauth/token', 'grant_type=password'],
  ];
  for (const [method, path, body] of cases) {
    const answer = await request({
      method,
      path,
      headers: { ...token, 'content-type': 'application/json' },
      body,
    });
    expect(answer.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
    expect(answer.status, `${method} ${path}`).toBeLessThan(500);
  }
  const invite = await request({ path: '/svc/invite/not-a-token' });
  expect(invite.status).toBe(404);
  expect(jsonOf(invite).error.code).toBe('invite_not_found');
});
