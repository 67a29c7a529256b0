import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRoutes, freshEmail, startAuthHarness } from '../support/auth-harness';
import { PASSWORD, readyAgent, registeredUser, signedIn } from '../support/auth-flows';
import { linkIn } from '../support/mail-server';
import { hashToken } from '@/lib/security/tokens';

const harness = await startAuthHarness();
const { mail } = harness;
const routes = await authRoutes();
const invites = await import('@/app/api/account/invites/route');
const inviteOne = await import('@/app/api/account/invites/[id]/route');
const inviteCheck = await import('@/app/svc/invite/[token]/route');
const audit = await import('@/app/api/account/audit/route');
const { appDb } = await import('@/lib/db/app-db');
const { oneTimeTokens, users } = await import('@/lib/db/schema');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});
afterAll(() => harness.close());

/** A signed-in owner of a new account. */
async function owner(name = 'Olivia Owner') {
  const email = await registeredUser(routes, mail, freshEmail('owner'), { name });
  const { agent } = await signedIn(routes, email);
  return { email, agent };
}

/** Invites `invitee` and answers the token of the mailed link. */
async function inviteBy(
  agent: Awaited<ReturnType<typeof owner>>['agent'],
  invitee: string,
  role?: string,
) {
  const sent = await agent.call(invites.POST, '/api/account/invites', {
    method: 'POST',
    json: role ? { email: invitee, role } : { email: invitee },
  });
  expect(sent.status).toBe(201);
  const link = linkIn(
    await mail.waitFor(invitee, (m) => m.subject.includes('invited you')),
    '/invite/',
  );
  expect(link.host).toBe('www.nameport.example');
  return link.pathname.split('/').pop()!;
}

async function check(token: string, host?: string) {
  const anon = await readyAgent(routes, host);
  return anon.call(inviteCheck.GET, `/svc/invite/${token}`, { params: { token } });
}

describe('invites', () => {
  it('give the invitee the role the invite names, never owner', async () => {
    const { agent } = await owner();
    const refused = await agent.call(invites.POST, '/api/account/invites', {
      method: 'POST',
      json: { email: freshEmail('boss'), role: 'owner' },
    });
    expect(refused.status).toBe(400);
    expect(Object.keys(refused.body.error.fields)).toEqual(['role']);
    const invitee = freshEmail('tech');
    const token = await inviteBy(agent, invitee, 'technical');
    const listed = await agent.call(invites.GET, '/api/account/invites');
    expect(listed.body.data.invites).toEqual([
      expect.objectContaining({ email: invitee, role: 'technical' }),
    ]);
    const anon = await readyAgent(routes);
    const joined = await anon.call(routes.account.POST, '/svc/account', {
      method: 'POST',
      json: { name: 'Tess Tech', email: invitee, password: PASSWORD, invite_token: token },
    });
    expect(joined.status).toBe(201);
    const login = await signedIn(routes, invitee);
    expect(login.answer.body.data.user).toMatchObject({ email: invitee, role: 'technical' });
  });

  it('lets an owner invite by e-mail; the invitee registers into the account and is active at once', async () => {
    const { email: ownerEmail, agent } = await owner();
    const invitee = freshEmail('invitee');
    const inviteToken = await inviteBy(agent, invitee);

    const described = await check(inviteToken);
    expect(described.status).toBe(200);
    expect(described.body.data).toMatchObject({
      invited_by: { name: 'Olivia Owner' },
      account: { name: 'Olivia Owner' },
      email: invitee,
    });
    expect(new Date(described.body.data.expires_at).getTime()).toBeGreaterThan(
      Date.now() + 6.9 * 86_400_000,
    );

    const anon = await readyAgent(routes);
    const wrongAddress = await anon.call(routes.account.POST, '/svc/account', {
      method: 'POST',
      json: {
        name: 'Ivan',
        email: freshEmail('other'),
        password: PASSWORD,
        invite_token: inviteToken,
      },
    });
    expect(wrongAddress.status).toBe(400);

    const before = mail.to(invitee).length;
    const joined = await anon.call(routes.account.POST, '/svc/account', {
      method: 'POST',
      json: { name: 'Ivan Invitee', email: invitee, password: PASSWORD, invite_token: inviteToken },
    });
    expect(joined.status).toBe(201);
    expect(joined.body.data.status).toBe('active');

    // Active at once: signs in without an activation mail.
    const login = await signedIn(routes, invitee);
    expect(login.answer.status).toBe(200);
    expect(login.answer.body.data.user).toMatchObject({ email: invitee, role: 'member' });
    expect(
      mail
        .to(invitee)
        .slice(before)
        .map((m) => m.subject),
    ).toEqual([]);

    const db = await appDb();
    const [ownerRow] = await db.select().from(users).where(eq(users.email, ownerEmail));
    expect(login.answer.body.data.user.account_id).toBe(ownerRow!.accountId);

    const used = await check(inviteToken);
    expect(used.status).toBe(410);
    expect(used.body.error.code).toBe('invite_expired');

    // A member neither invites nor sees the invitations.
    const denied = await login.agent.call(invites.POST, '/api/account/invites', {
      method: 'POST',
      json: { email: freshEmail('x') },
    });
    expect(denied.status).toBe(403);
    expect((await login.agent.call(invites.GET, '/api/account/invites')).status).toBe(403);
  });

  it('shows the owner the open invitations and withdraws one: its link dies at once', async () => {
    const { agent } = await owner('Wanda Withdraw');
    const first = freshEmail('first');
    const second = freshEmail('second');
    const firstToken = await inviteBy(agent, first);
    await inviteBy(agent, second);

    const listed = await agent.call(invites.GET, '/api/account/invites');
    expect(listed.status).toBe(200);
    const open = listed.body.data.invites as { id: string; email: string }[];
    expect(open.map((i) => i.email).sort()).toEqual([first, second].sort());
    expect(listed.body.data.invites[0]).toMatchObject({
      invited_by: { name: 'Wanda Withdraw' },
      expires_at: expect.any(String),
    });

    // Another owner cannot withdraw it.
    const stranger = await owner('Sam Stranger');
    const id = open.find((i) => i.email === first)!.id;
    const foreign = await stranger.agent.call(inviteOne.DELETE, `/api/account/invites/${id}`, {
      method: 'DELETE',
      params: { id },
    });
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('invite_not_found');

    const withdrawn = await agent.call(inviteOne.DELETE, `/api/account/invites/${id}`, {
      method: 'DELETE',
      params: { id },
    });
    expect(withdrawn.status).toBe(200);
    const after = await agent.call(invites.GET, '/api/account/invites');
    expect(after.body.data.invites.map((i: { email: string }) => i.email)).toEqual([second]);

    expect((await check(firstToken)).status).toBe(410);
    const anon = await readyAgent(routes);
    const register = await anon.call(routes.account.POST, '/svc/account', {
      method: 'POST',
      json: { name: 'Too Late', email: first, password: PASSWORD, invite_token: firstToken },
    });
    expect(register.status).toBe(410);

    const again = await agent.call(inviteOne.DELETE, `/api/account/invites/${id}`, {
      method: 'DELETE',
      params: { id },
    });
    expect(again.status).toBe(404);
    const malformed = await agent.call(inviteOne.DELETE, '/api/account/invites/nope', {
      method: 'DELETE',
      params: { id: 'nope' },
    });
    expect(malformed.status).toBe(404);
  });

  it('keeps one open invitation per address: a second replaces the first, even sent at once', async () => {
    const { agent } = await owner('Rita Resend');
    const invitee = freshEmail('twice');
    const firstToken = await inviteBy(agent, invitee, 'member');
    const send = (role: string) =>
      agent.call(invites.POST, '/api/account/invites', {
        method: 'POST',
        json: { email: invitee.toUpperCase(), role },
      });
    expect((await send('technical')).status).toBe(201);
    const listed = await agent.call(invites.GET, '/api/account/invites');
    expect(listed.body.data.invites).toEqual([
      expect.objectContaining({ email: invitee, role: 'technical' }),
    ]);
    // The first mail's link no longer works; the newest does.
    expect((await check(firstToken)).status).toBe(410);
    await expect.poll(() => mail.to(invitee).length).toBe(2);
    const newest = linkIn(mail.to(invitee).at(-1)!, '/invite/').pathname.split('/').pop()!;
    expect((await check(newest)).status).toBe(200);

    // Two sent at the same moment leave one open invitation.
    const both = await Promise.all([send('billing'), send('admin')]);
    expect(both.map((r) => r.status)).toEqual([201, 201]);
    const after = await agent.call(invites.GET, '/api/account/invites');
    expect(after.body.data.invites).toHaveLength(1);
    expect((await check(newest)).status).toBe(410);
  });

  it('refuses an address already in the account, the owner’s own too, and writes nothing', async () => {
    const { email: ownerEmail, agent } = await owner('Mia Member');
    const member = freshEmail('member');
    const token = await inviteBy(agent, member, 'billing');
    const anon = await readyAgent(routes);
    const joined = await anon.call(routes.account.POST, '/svc/account', {
      method: 'POST',
      json: { name: 'Bea Billing', email: member, password: PASSWORD, invite_token: token },
    });
    expect(joined.status).toBe(201);
    const mailsBefore = mail.to(ownerEmail).length + mail.to(member).length;
    const logBefore = (await agent.call(audit.GET, '/api/account/audit')).body.data.events.length;

    for (const [address, field] of [
      [ownerEmail.toUpperCase(), 'is your own address'],
      [member, 'is already a member of this account'],
    ] as const) {
      const refused = await agent.call(invites.POST, '/api/account/invites', {
        method: 'POST',
        json: { email: address, role: 'admin' },
      });
      expect(refused.status).toBe(409);
      expect(refused.body.error).toMatchObject({
        code: 'already_member',
        message: expect.any(String),
        fields: { email: [field] },
      });
    }
    // Nothing was written: no invitation, no log entry, no mail.
    expect((await agent.call(invites.GET, '/api/account/invites')).body.data.invites).toEqual([]);
    const log = (await agent.call(audit.GET, '/api/account/audit')).body.data.events;
    expect(log).toHaveLength(logBefore);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(mail.to(ownerEmail).length + mail.to(member).length).toBe(mailsBefore);

    // An address with an account in another account is invited as any other address.
    const elsewhere = await registeredUser(routes, mail, freshEmail('elsewhere'));
    const fresh = freshEmail('fresh');
    const answers = [];
    for (const address of [elsewhere, fresh]) {
      const sent = await agent.call(invites.POST, '/api/account/invites', {
        method: 'POST',
        json: { email: address },
      });
      answers.push({ status: sent.status, keys: Object.keys(sent.body.data).sort() });
      await mail.waitFor(address, (m) => m.subject.includes('invited you'));
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0]!.status).toBe(201);
  });

  it('says in the mail which role is offered, as the team page names it', async () => {
    const { agent } = await owner('Rory Role');
    for (const [role, label] of [
      ['technical', 'Technical'],
      [undefined, 'Member'],
    ] as const) {
      const invitee = freshEmail('role');
      await inviteBy(agent, invitee, role);
      const received = mail.to(invitee).at(-1)!;
      expect(received.text).toContain(`You are invited with the role ${label}.`);
      // The same words for every address: one with an account here is told by the link's page.
      expect(received.text).toContain('Open the link below to create your account in it.');
      expect(received.text).toContain('already has an account at');
      expect(received.text).not.toContain('to register');
    }
  });

  it('tells the holder of an invite to an address that has an account to sign in instead', async () => {
    const { agent } = await owner();
    const taken = await registeredUser(routes, mail, freshEmail('taken'));
    const token = await inviteBy(agent, taken);
    const anon = await readyAgent(routes);
    const answer = await anon.call(routes.account.POST, '/svc/account', {
      method: 'POST',
      json: { name: 'Taken', email: taken, password: PASSWORD, invite_token: token },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('email_taken');
    // The invitation is still open; nothing was written.
    expect((await check(token)).status).toBe(200);
  });

  it('tells the link’s holder whether the invited address has an account in this store', async () => {
    const { agent } = await owner('Hana Holder');
    // An account in this store; one only in another store (acme); none anywhere.
    const here = await registeredUser(routes, mail, freshEmail('here'));
    const elsewhere = await registeredUser(routes, mail, freshEmail('acme-only'), {
      host: 'acme.localhost',
    });
    const fresh = freshEmail('new');
    const tokens = new Map<string, string>();
    for (const [address, hasAccount] of [
      [here, true],
      [elsewhere, false],
      [fresh, false],
    ] as const) {
      const token = await inviteBy(agent, address);
      tokens.set(address, token);
      const described = await check(token);
      expect(described.status).toBe(200);
      expect(described.body.data).toMatchObject({
        email: address,
        account: { name: 'Hana Holder' },
        has_account: hasAccount,
      });
    }
    // The address with an account only at acme joins here as a new one.
    const joinToken = tokens.get(elsewhere);
    const anon = await readyAgent(routes);
    const joined = await anon.call(routes.account.POST, '/svc/account', {
      method: 'POST',
      json: { name: 'Acme Only', email: elsewhere, password: PASSWORD, invite_token: joinToken },
    });
    expect(joined.status).toBe(201);
  });

  it('knows no other store’s invitation: its link and its registration answer 404', async () => {
    const { agent } = await owner('Nora Nameport');
    const invitee = freshEmail('crossing');
    const token = await inviteBy(agent, invitee);
    const foreign = await check(token, 'acme.localhost');
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('invite_not_found');
    const acme = await readyAgent(routes, 'acme.localhost');
    const registered = await acme.call(routes.account.POST, '/svc/account', {
      method: 'POST',
      json: { name: 'Cross Store', email: invitee, password: PASSWORD, invite_token: token },
    });
    expect(registered.status).toBe(404);
    expect(registered.body.error.code).toBe('invite_not_found');
    // Nothing was written: no user at acme, and the invitation is still open at its own store.
    const rows = await (await appDb()).select().from(users).where(eq(users.email, invitee));
    expect(rows).toEqual([]);
    expect((await check(token)).status).toBe(200);
  });

  it('answers 404 for an unknown invite and 410 for an expired one', async () => {
    const unknown = 'A'.repeat(43);
    expect((await check(unknown)).status).toBe(404);
    expect((await check('..')).status).toBe(404);

    const { agent } = await owner();
    const token = await inviteBy(agent, freshEmail('late'));
    await (
      await appDb()
    )
      .update(oneTimeTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(oneTimeTokens.tokenHash, hashToken(token)));
    expect((await check(token)).status).toBe(410);
  });

  it('needs a signed-in owner to invite or list', async () => {
    const anon = await readyAgent(routes);
    const answer = await anon.call(invites.POST, '/api/account/invites', {
      method: 'POST',
      json: { email: freshEmail('x') },
    });
    expect(answer.status).toBe(401);
    expect((await anon.call(invites.GET, '/api/account/invites')).status).toBe(401);
  });
});
