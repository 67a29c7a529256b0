import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes, freshEmail, startAuthHarness } from '../support/auth-harness';
import { PASSWORD, readyAgent, registeredUser, signedIn } from '../support/auth-flows';
import { linkIn } from '../support/mail-server';

/**
 * An account can be named: invitations say who invited you to which account, and that is the
 * account's name, not the owner's name twice ("Raj Patel invited you to Raj Patel").
 */
const harness = await startAuthHarness();
const { mail } = harness;
const routes = await authRoutes();
const invites = await import('@/app/api/account/invites/route');
const inviteCheck = await import('@/app/svc/invite/[token]/route');
const accountName = await import('@/app/api/account/name/route');
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});
afterAll(() => harness.close());

type Agent = Awaited<ReturnType<typeof signedIn>>['agent'];

async function owner() {
  const email = await registeredUser(routes, mail, freshEmail('owner'), { name: 'Raj Patel' });
  return (await signedIn(routes, email)).agent;
}

/** Invites `invitee`; answers the mail's subject and the token of its link. */
async function invite(agent: Agent, invitee: string) {
  const sent = await agent.call(invites.POST, '/api/account/invites', {
    method: 'POST',
    json: { email: invitee },
  });
  expect(sent.status).toBe(201);
  const message = await mail.waitFor(invitee, (m) => m.subject.includes('invited you'));
  return {
    subject: message.subject,
    token: linkIn(message, '/invite/').pathname.split('/').pop()!,
  };
}

const rename = (agent: Agent, json: unknown) =>
  agent.call(accountName.PUT, '/api/account/name', { method: 'PUT', json });

describe('the account’s name', () => {
  it('is what the invitation names once the owner has named it', async () => {
    const agent = await owner();
    const named = await rename(agent, { name: '  Patel & Daughters Ltd ' });
    expect(named.status).toBe(200);
    expect(named.body.data).toEqual({ name: 'Patel & Daughters Ltd' });

    const { subject, token } = await invite(agent, freshEmail('invitee'));
    expect(subject).toMatch(/^Raj Patel invited you to Patel & Daughters Ltd( - |$)/);
    const anon = await readyAgent(routes);
    const checked = await anon.call(inviteCheck.GET, `/svc/invite/${token}`, { params: { token } });
    expect(checked.body.data.account.name).toBe('Patel & Daughters Ltd');
  });

  it('refuses an empty name and control characters with a field error, and changes nothing', async () => {
    const agent = await owner();
    for (const name of ['', '   ', 'Bad\u0000Name', 'Two\nLines', 'x'.repeat(101)]) {
      const refused = await rename(agent, { name });
      expect(refused.status, JSON.stringify(name)).toBe(400);
      expect(refused.body.error.code).toBe('validation_failed');
      expect(refused.body.error.fields).toHaveProperty('name');
    }
    // One reason each, the one that applies.
    expect((await rename(agent, { name: 'Two\nLines' })).body.error.fields.name).toEqual([
      'must be one line, without line breaks or direction marks',
    ]);
    expect((await rename(agent, { name: 'Bad\u0000Name' })).body.error.fields.name).toEqual([
      'must not contain control characters',
    ]);
    const { subject } = await invite(agent, freshEmail('invitee'));
    expect(subject).toMatch(/^Raj Patel invited you to Raj Patel( - |$)/);
  });

  it('may be changed by those who manage the team only', async () => {
    const agent = await owner();
    const invitee = freshEmail('member');
    const { token } = await invite(agent, invitee);
    const joining = await readyAgent(routes);
    const joined = await joining.call(routes.account.POST, '/svc/account', {
      method: 'POST',
      json: { name: 'Mo Member', email: invitee, password: PASSWORD, invite_token: token },
    });
    expect(joined.status).toBeLessThan(300);
    const member = (await signedIn(routes, invitee)).agent;
    const refused = await rename(member, { name: 'Mo’s account now' });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('forbidden');
    const anon = await readyAgent(routes);
    expect((await rename(anon, { name: 'Anyone' })).status).toBe(401);
  });
});
