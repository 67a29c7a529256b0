import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes, freshEmail, startAuthHarness } from '../support/auth-harness';
import { readyAgent } from '../support/auth-flows';
import { linkIn } from '../support/mail-server';

process.env.LOG_LEVEL = 'trace';

const harness = await startAuthHarness();
const { mail } = harness;
const routes = await authRoutes();
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
const { logger, setLogDestination } = await import('@/lib/logger');

// What the logger writes, line by line.
const lines: string[] = [];
let restoreLog: () => void;

beforeAll(async () => {
  restoreLog = setLogDestination({ write: (line: string) => void lines.push(line) });
  await seedDemoData(await appDb(), { demoStores: true });
});
afterAll(async () => {
  restoreLog();
  await harness.close();
});

describe('logs of the account calls', () => {
  it('record every sign-in success and failure and never a password, code or token', async () => {
    const email = freshEmail('logs');
    const password = 'planted-password-Zq8#x';
    const wrongPassword = 'planted-wrong-password-Kj3';
    const newPassword = 'planted-new-password-Vb5';
    const agent = await readyAgent(routes);
    const planted: string[] = [
      password,
      wrongPassword,
      newPassword,
      agent.cookies.get('sid')!,
      agent.cookies.get('XSRF-TOKEN')!,
    ];

    await agent.call(routes.account.POST, '/svc/account', {
      method: 'POST',
      json: { name: 'Log Tester', email, password },
    });
    const activation = linkIn(await mail.waitFor(email), '/activate').searchParams.get('token')!;
    planted.push(activation);
    await agent.call(routes.activate.PUT, '/api/account/activate', {
      method: 'PUT',
      json: { token: activation },
    });
    await agent.call(routes.login.POST, '/api/login', {
      method: 'POST',
      json: { email, password: wrongPassword },
    });
    const ok = await agent.call(routes.login.POST, '/api/login', {
      method: 'POST',
      json: { email, password },
    });
    expect(ok.status).toBe(200);
    planted.push(agent.cookies.get('sid')!);

    const setup = await agent.call(routes.totp.POST, '/api/account/totp', {
      method: 'POST',
      json: { password },
    });
    planted.push(setup.body.data.secret, setup.body.data.setup_token);
    const { Secret, TOTP } = await import('otpauth');
    const totp = new TOTP({
      secret: Secret.fromBase32(setup.body.data.secret),
      digits: 6,
      period: 30,
    });
    await agent.call(routes.totp.PUT, '/api/account/totp', {
      method: 'PUT',
      json: { setup_token: setup.body.data.setup_token, code: totp.generate() },
    });

    const second = await readyAgent(routes);
    const step = await second.call(routes.login.POST, '/api/login', {
      method: 'POST',
      json: { email, password },
    });
    const challenge = step.body.data.challenge as string;
    planted.push(challenge);
    await second.call(routes.challenge.PUT, '/svc/account/login/challenge', {
      method: 'PUT',
      json: { challenge, alternative_method: 'email' },
    });
    const code = /Your code: (\d{6})/.exec(
      (await mail.waitFor(email, (m) => m.subject.startsWith('Your sign-in code'))).text,
    )![1]!;
    planted.push(code);
    await second.call(routes.challenge.POST, '/svc/account/login/challenge', {
      method: 'POST',
      json: { challenge, code: code === '000000' ? '111111' : '000000' },
    });
    await second.call(routes.challenge.POST, '/svc/account/login/challenge', {
      method: 'POST',
      json: { challenge, code },
    });

    await agent.call(routes.forgot.POST, '/api/forgot-password', {
      method: 'POST',
      json: { email },
    });
    const reset = linkIn(
      await mail.waitFor(email, (m) => m.subject.startsWith('Reset')),
      '/reset-password',
    ).searchParams.get('token')!;
    planted.push(reset);
    await agent.call(routes.reset.POST, '/api/reset-password', {
      method: 'POST',
      json: { token: reset, password: newPassword, password_confirmation: newPassword },
    });

    logger.flush();
    const log = lines.join('');
    const events = log
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l))
      .filter((e) => e.event === 'sign_in');
    expect(events.map((e) => e.outcome)).toEqual([
      'failure',
      'success',
      'challenge',
      'failure',
      'success',
    ]);
    expect(events[0]).toMatchObject({
      method: 'password',
      reason: 'invalid_credentials',
      store: 'nameport',
    });
    expect(events.every((e) => typeof e.ip === 'string')).toBe(true);
    for (const secret of planted) {
      expect(secret.length).toBeGreaterThanOrEqual(6);
      expect(log.includes(secret), `log contains ${secret.slice(0, 4)}...`).toBe(false);
    }
    expect(log.includes(email)).toBe(false);
  });

  it('record desktop-token and passkey events, never their secrets', async () => {
    const { createHash, randomBytes } = await import('node:crypto');
    const { SoftAuthenticator } = await import('../support/soft-authenticator');
    const grant = await import('@/app/api/oauth/grant/ctd/route');
    const token = await import('@/app/api/oauth/token/route');
    const revoke = await import('@/app/api/oauth/revoke/route');
    const addOptions = await import('@/app/api/account/passkeys/options/route');
    const addPasskey = await import('@/app/api/account/passkeys/route');
    const passkeyOptions = await import('@/app/api/passkey/options/route');
    const passkeyLogin = await import('@/app/api/passkey/login/route');
    const from = lines.length;
    const email = freshEmail('logs2');
    const password = 'planted-password-Qw7#p';
    const agent = await readyAgent(routes);
    await agent.call(routes.account.POST, '/svc/account', {
      method: 'POST',
      json: { name: 'Log Tester', email, password },
    });
    const activation = linkIn(await mail.waitFor(email), '/activate').searchParams.get('token')!;
    await agent.call(routes.activate.PUT, '/api/account/activate', {
      method: 'PUT',
      json: { token: activation },
    });
    await agent.call(routes.login.POST, '/api/login', {
      method: 'POST',
      json: { email, password, is_ctd: true },
    });

    // Desktop tokens: issued, refreshed, the old refresh token reused, one revoked.
    const verifier = randomBytes(32).toString('base64url');
    const granted = await agent.call(grant.POST, '/api/oauth/grant/ctd', {
      method: 'POST',
      json: {
        client_id: 'callwave-desktop',
        redirect_uri: 'http://127.0.0.1:5000/cb',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        state: 's',
      },
    });
    const code = granted.body.data.code as string;
    const post = (handler: typeof token.POST, path: string, json: object) =>
      agent.call(handler, path, { method: 'POST', json, csrf: false });
    const tokens = (
      await post(token.POST, '/api/oauth/token', {
        grant_type: 'authorization_code',
        code,
        redirect_uri: 'http://127.0.0.1:5000/cb',
        client_id: 'callwave-desktop',
        code_verifier: verifier,
      })
    ).body;
    const refreshed = (
      await post(token.POST, '/api/oauth/token', {
        grant_type: 'refresh_token',
        refresh_token: tokens.refresh_token,
        client_id: 'callwave-desktop',
      })
    ).body;
    await post(token.POST, '/api/oauth/token', {
      grant_type: 'refresh_token',
      refresh_token: tokens.refresh_token,
      client_id: 'callwave-desktop',
    });
    await post(revoke.POST, '/api/oauth/revoke', { token: refreshed.refresh_token });
    await agent.call(routes.customer.GET, '/api/customer', {
      headers: { authorization: `Bearer ${refreshed.access_token}` },
    });

    // A passkey: added, then a sign-in with it and one with a forged answer.
    const origin = { origin: 'http://nameport.localhost' };
    const authenticator = new SoftAuthenticator(origin.origin);
    const options = await agent.call(addOptions.POST, '/api/account/passkeys/options', {
      method: 'POST',
      json: { password },
      headers: origin,
    });
    await agent.call(addPasskey.POST, '/api/account/passkeys', {
      method: 'POST',
      json: { response: authenticator.create(options.body.data) },
      headers: origin,
    });
    const visitor = await readyAgent(routes);
    const signInOptions = await visitor.call(passkeyOptions.POST, '/api/passkey/options', {
      method: 'POST',
      headers: origin,
    });
    const answer = authenticator.get(signInOptions.body.data);
    await visitor.call(passkeyLogin.POST, '/api/passkey/login', {
      method: 'POST',
      json: { response: answer },
      headers: origin,
    });
    await visitor.call(passkeyLogin.POST, '/api/passkey/login', {
      method: 'POST',
      json: { response: answer },
      headers: origin,
    });

    await mail.waitFor(email, (m) => m.subject.startsWith('A passkey was added'));
    logger.flush();
    const log = lines.slice(from).join('');
    const events = log
      .split('\n')
      .filter(Boolean)
      .map((l) => JSON.parse(l));
    const oauth = events.filter((e) => String(e.event).startsWith('oauth_')).map((e) => e.event);
    expect(oauth).toEqual([
      'oauth_code_issued',
      'oauth_tokens_issued',
      'oauth_tokens_refreshed',
      'oauth_refresh_reused',
      'oauth_bearer_refused',
    ]);
    const passkeys = events.filter((e) => e.event === 'sign_in' && e.method === 'passkey');
    expect(passkeys.map((e) => e.outcome)).toEqual(['success', 'failure']);
    for (const secret of [
      password,
      code,
      verifier,
      tokens.access_token,
      tokens.refresh_token,
      refreshed.access_token,
      refreshed.refresh_token,
      answer.response.signature,
    ]) {
      expect(log.includes(secret), `log contains ${secret.slice(0, 4)}...`).toBe(false);
    }
    expect(log.includes(email)).toBe(false);
  });
});
