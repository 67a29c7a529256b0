import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../support/agent';
import { authRoutes, freshEmail, startAuthHarness } from '../support/auth-harness';
import { PASSWORD, registeredUser, signedIn } from '../support/auth-flows';
import { linkIn } from '../support/mail-server';
import {
  newStore,
  OPERATOR_TOKEN,
  operatorCall,
  signedInStaff,
  storeAdminRoutes,
  totpNow,
} from '../support/store-admin';

// Issue 26: the operator makes a store and invites its first staff member; the invitation leads
// to registration on the store's host, the second factor is set up at the first sign-in, and the
// owner runs the staff from there. Every change is in the audit.
process.env.ADMIN_API_TOKEN = OPERATOR_TOKEN;
const harness = await startAuthHarness();
const { mail } = harness;
const auth = await authRoutes();
const routes = await storeAdminRoutes();
const { appDb } = await import('@/lib/db/app-db');
const { outbox, storeStaff } = await import('@/lib/db/schema');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
const { storeService } = await import('@/features/tenancy/server/store-service.server');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});
afterAll(() => harness.close());

const mailsTo = async (email: string) =>
  (await appDb()).select().from(outbox).where(eq(outbox.recipient, email));

const me = (agent: Agent) => agent.call(routes.me.GET, '/api/store-admin/me');

/** Registers `email` on the store's host, signs in and accepts the mailed invitation. */
async function joinFromMail(host: string, email: string) {
  const invitation = await mail.waitFor(email, (m) => m.subject.startsWith('You are invited'));
  // The store's name once, from the branded mail's ending.
  expect(invitation.subject).toMatch(/^You are invited to this store's admin - [^-]+$/);
  const link = linkIn(invitation, '/admin/join');
  expect(link.host.split(':')[0]).toBe(host);
  await registeredUser(auth, mail, email, { host });
  const { agent, answer } = await signedIn(auth, email, { host });
  expect(answer.status).toBe(200);
  const joined = await agent.call(routes.join.POST, '/api/store-admin/join', {
    method: 'POST',
    json: { token: link.searchParams.get('token') },
  });
  return { agent, joined, token: link.searchParams.get('token')! };
}

/** Sets up the authenticator app on the session's account, as /admin/second-factor does. */
async function enrolTotp(agent: Agent) {
  const setup = await agent.call(auth.totp.POST, '/api/account/totp', {
    method: 'POST',
    json: { password: PASSWORD },
  });
  expect(setup.status).toBe(200);
  const on = await agent.call(auth.totp.PUT, '/api/account/totp', {
    method: 'PUT',
    json: { setup_token: setup.body.data.setup_token, code: totpNow(setup.body.data.secret) },
  });
  expect(on.status).toBe(200);
}

describe('POST /api/admin/stores', () => {
  it('makes a store that answers on its host at once, with the domain brand’s prices', async () => {
    const host = `fresh-${Date.now().toString(36)}.example.test`;
    expect(await storeService().byHost(host)).toBeNull();
    const made = await operatorCall(routes.stores.POST, '/api/admin/stores', {
      json: { host: host.toUpperCase(), store_name: 'Fresh Names', keyword: 'white_label' },
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ hosts: [host], store_name: 'Fresh Names' });
    const store = await storeService().byHost(host);
    expect(store?.config.store_name).toBe('Fresh Names');
    expect(store?.keywordId).toBe(4);
    expect(store?.prices.length).toBeGreaterThan(0);
  });

  it('refuses a taken host, a built-in brand’s host, a bad host and another keyword', async () => {
    const { host } = await newStore(routes, 'taken');
    const cases: [unknown, number, string][] = [
      [{ host, store_name: 'Again' }, 409, 'host_taken'],
      [{ host: 'nameport.localhost', store_name: 'Brand' }, 409, 'host_taken'],
      [{ host: 'www.nameport.example', store_name: 'Brand' }, 409, 'host_taken'],
      [{ host: 'no host here', store_name: 'Bad' }, 400, 'validation_failed'],
      [{ host: 'shop.example.test:8080', store_name: 'Port' }, 400, 'validation_failed'],
      [{ host: 'ok-host.example.test', store_name: 'Tab\tname' }, 400, 'validation_failed'],
      [{ host: 'ok-host.example.test', store_name: 'Kw', keyword: 1 }, 400, 'validation_failed'],
      [{ host: 'ok-host.example.test' }, 400, 'validation_failed'],
    ];
    for (const [json, status, code] of cases) {
      const answer = await operatorCall(routes.stores.POST, '/api/admin/stores', { json });
      expect([JSON.stringify(json), answer.status, answer.body?.error?.code]).toEqual([
        JSON.stringify(json),
        status,
        code,
      ]);
    }
    expect(await storeService().byHost('ok-host.example.test')).toBeNull();
  });

  it('makes one store when two calls race for a host', async () => {
    const host = `race-${Date.now().toString(36)}.example.test`;
    const answers = await Promise.all(
      [1, 2, 3].map((n) =>
        operatorCall(routes.stores.POST, '/api/admin/stores', {
          json: { host, store_name: `Racer ${n}` },
        }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
  });

  it('needs the operator’s token', async () => {
    const { apiRequest } = await import('../support/requests');
    const response = await routes.stores.POST(
      apiRequest('/api/admin/stores', {
        method: 'POST',
        headers: { authorization: 'Bearer wrong' },
        json: { host: 'nope.example.test', store_name: 'Nope' },
      }),
      { params: Promise.resolve({}) },
    );
    expect(response.status).toBe(401);
  });
});

describe('from the operator’s invitation to running the store', () => {
  it('invites once, registers on the store’s host, asks for a second factor, then opens the admin', async () => {
    const store = await newStore(routes, 'journey');
    const ownerEmail = freshEmail('owner');
    const path = `/api/admin/stores/${store.host}/staff`;
    const invites = await Promise.all(
      [1, 2].map(() =>
        operatorCall(routes.storeStaff.POST, path, {
          json: { email: ownerEmail, role: 'store_owner' },
          params: { host: store.host },
        }),
      ),
    );
    expect(invites.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(invites.find((a) => a.status === 409)!.body.error.code).toBe('invite_pending');
    expect(await mailsTo(ownerEmail)).toHaveLength(1);

    const { agent: owner, joined } = await joinFromMail(store.host, ownerEmail);
    expect(joined.status).toBe(200);
    expect(joined.body.data).toEqual({ role: 'store_owner', next: '/admin/second-factor' });

    const before = await me(owner);
    expect(before.status).toBe(403);
    expect(before.body.error.code).toBe('second_factor_required');
    await enrolTotp(owner);
    const after = await me(owner);
    expect(after.status).toBe(200);
    expect(after.body.data.staff).toMatchObject({ role: 'store_owner', email: ownerEmail });
    expect(after.body.data.sections.map((s: { id: string }) => s.id)).toEqual([
      'theme',
      'prices',
      'hosts',
      'orders',
      'customers',
      'reports',
      'payments',
      'staff',
      'dns',
      'audit',
    ]);

    // The owner invites a member of staff, who joins and sees only their sections.
    const staffEmail = freshEmail('staff');
    const invited = await owner.call(routes.staff.POST, '/api/store-admin/staff', {
      method: 'POST',
      json: { email: staffEmail, role: 'store_staff' },
    });
    expect(invited.status).toBe(201);
    const {
      agent: member,
      joined: memberJoined,
      token,
    } = await joinFromMail(store.host, staffEmail);
    expect(memberJoined.body.data.role).toBe('store_staff');
    await enrolTotp(member);
    const memberMe = await me(member);
    expect(memberMe.body.data.sections.map((s: { id: string }) => s.id)).toEqual([
      'theme',
      'orders',
      'customers',
    ]);

    // The invitation works once.
    const again = await member.call(routes.join.POST, '/api/store-admin/join', {
      method: 'POST',
      json: { token },
    });
    expect(again.status).toBe(410);

    const list = await owner.call(routes.staff.GET, '/api/store-admin/staff');
    expect(
      list.body.data.staff.map((s: { email: string; role: string }) => [s.email, s.role]),
    ).toEqual([
      [ownerEmail, 'store_owner'],
      [staffEmail, 'store_staff'],
    ]);
    expect(list.body.data.invites).toEqual([]);

    // The audit: who, when, from where, what, before and after, newest first.
    const audit = await owner.call(routes.audit.GET, '/api/store-admin/audit');
    expect(audit.status).toBe(200);
    const entries = audit.body.data.entries as {
      actor: string;
      action: string;
      ip: string | null;
      target: string;
      after: unknown;
    }[];
    expect(entries.map((e) => [e.action, e.actor, e.target])).toEqual([
      ['staff.joined', staffEmail, staffEmail],
      ['staff.invited', ownerEmail, staffEmail],
      ['staff.joined', ownerEmail, ownerEmail],
      ['staff.invited', 'operator', ownerEmail],
    ]);
    expect(entries[1]!.ip).toBe(owner.ip);
    expect(entries[1]!.after).toMatchObject({ email: staffEmail, role: 'store_staff' });
  });

  it('refuses an invitation to another address, on another store, or for staff already there', async () => {
    const store = await newStore(routes, 'refusals');
    const other = await newStore(routes, 'elsewhere');
    const owner = await signedInStaff(routes, store, 'store_owner');
    const invitee = freshEmail('invitee');
    expect(
      (
        await owner.agent.call(routes.staff.POST, '/api/store-admin/staff', {
          method: 'POST',
          json: { email: invitee, role: 'store_staff' },
        })
      ).status,
    ).toBe(201);
    const invitation = await mail.waitFor(invitee, (m) => m.subject.startsWith('You are invited'));
    const token = linkIn(invitation, '/admin/join').searchParams.get('token');

    const someoneElse = await signedInStaff(routes, store, null);
    const wrongPerson = await someoneElse.agent.call(routes.join.POST, '/api/store-admin/join', {
      method: 'POST',
      json: { token },
    });
    expect(wrongPerson.status).toBe(403);
    expect(wrongPerson.body.error.code).toBe('invite_other_email');

    const onOtherStore = await signedInStaff(routes, other, null);
    const wrongStore = await onOtherStore.agent.call(routes.join.POST, '/api/store-admin/join', {
      method: 'POST',
      json: { token },
    });
    expect(wrongStore.status).toBe(404);

    const already = await owner.agent.call(routes.staff.POST, '/api/store-admin/staff', {
      method: 'POST',
      json: { email: owner.email, role: 'store_staff' },
    });
    expect(already.status).toBe(409);
    expect(already.body.error.code).toBe('already_staff');

    const bad = await owner.agent.call(routes.staff.POST, '/api/store-admin/staff', {
      method: 'POST',
      json: { email: 'not an address', role: 'store_admin' },
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.error.fields).sort()).toEqual(['email', 'role']);
  });
});

describe('DELETE /api/store-admin/staff/{id}', () => {
  it('keeps the last owner, and of two owners removing each other at once, one', async () => {
    const store = await newStore(routes, 'owners');
    const first = await signedInStaff(routes, store, 'store_owner');
    const last = await first.agent.call(
      routes.staffOne.DELETE,
      `/api/store-admin/staff/${first.staffId}`,
      { method: 'DELETE', params: { id: first.staffId } },
    );
    expect(last.status).toBe(409);
    expect(last.body.error.code).toBe('last_owner');

    const second = await signedInStaff(routes, store, 'store_owner');
    const answers = await Promise.all(
      [
        [first, second],
        [second, first],
      ].map(([who, whom]) =>
        who!.agent.call(routes.staffOne.DELETE, `/api/store-admin/staff/${whom!.staffId}`, {
          method: 'DELETE',
          params: { id: whom!.staffId },
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    // The second removal is refused: either the last owner, or a caller who is no longer staff.
    expect(statuses[0]).toBe(204);
    expect([404, 409]).toContain(statuses[1]);
    const owners = await (
      await appDb()
    )
      .select()
      .from(storeStaff)
      .where(eq(storeStaff.storeId, store.id));
    expect(owners).toHaveLength(1);
  });
});

describe('GET /api/store-admin/audit', () => {
  it('pages newest first without repeats, and refuses a made-up cursor', async () => {
    const store = await newStore(routes, 'paging');
    const owner = await signedInStaff(routes, store, 'store_owner');
    for (let i = 0; i < 3; i++) {
      await owner.agent.call(routes.staff.POST, '/api/store-admin/staff', {
        method: 'POST',
        json: { email: freshEmail(`page${i}`), role: 'store_staff' },
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const page = await owner.agent.call(routes.audit.GET, `/api/store-admin/audit${query}`);
      expect(page.status).toBe(200);
      seen.push(...page.body.data.entries.map((e: { target: string }) => e.target));
      cursor = page.body.data.next_cursor;
    } while (cursor);
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(3);
    const bad = await owner.agent.call(routes.audit.GET, '/api/store-admin/audit?cursor=bm9wZQ');
    expect(bad.status).toBe(400);
    expect(bad.body.error.fields.cursor).toBeDefined();
  });
});

describe('the demo store’s admin', () => {
  it('gives bytes.localhost one owner, who signs in and is asked for a second factor', async () => {
    const { DEMO_ADMIN } = await import('@/features/demo/server/demo-staff-seed.server');
    await seedDemoData(await appDb(), { demoStores: true });
    const rows = await (
      await appDb()
    )
      .select()
      .from(storeStaff)
      .where(eq(storeStaff.storeId, DEMO_ADMIN.storeId));
    expect(rows.map((r) => r.role)).toEqual(['store_owner']);
    const { agent, answer } = await signedIn(auth, DEMO_ADMIN.email, {
      host: DEMO_ADMIN.host,
      password: DEMO_ADMIN.password,
    });
    expect(answer.status).toBe(200);
    const refused = await me(agent);
    expect(refused.body.error.code).toBe('second_factor_required');
  });
});

describe('the second factor the admin takes', () => {
  it('is not a code by e-mail, and is a code from the authenticator app', async () => {
    const store = await newStore(routes, 'factors');
    const member = await signedInStaff(routes, store, 'store_staff');
    expect((await me(member.agent)).status).toBe(200);

    // The same person signs in again, choosing a code by e-mail at the second step.
    const { agent, answer } = await signedIn(auth, member.email, {
      host: store.host,
      password: 'a store admin test passphrase',
    });
    const challenge = answer.body.data.challenge as string;
    const before = mail.to(member.email).length;
    const switched = await agent.call(auth.challenge.PUT, '/svc/account/login/challenge', {
      method: 'PUT',
      json: { challenge, alternative_method: 'email' },
    });
    expect(switched.status).toBe(200);
    const codeMail = await mail.waitFor(
      member.email,
      (m) =>
        m.subject.startsWith('Your sign-in code') && mail.to(member.email).indexOf(m) >= before,
    );
    const code = /Your code: (\d{6})/.exec(codeMail.text)![1]!;
    const done = await agent.call(auth.challenge.POST, '/svc/account/login/challenge', {
      method: 'POST',
      json: { challenge, code },
    });
    expect(done.status).toBe(200);
    const refused = await me(agent);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('second_factor_required');
  });
});

describe('DELETE /api/store-admin/invites/{id}', () => {
  it('withdraws an open invitation: its link stops working and the address can be invited again', async () => {
    const invitesRoute = await import('@/app/api/store-admin/invites/[id]/route');
    const store = await newStore(routes, 'withdraw');
    const owner = await signedInStaff(routes, store, 'store_owner');
    const email = freshEmail('withdrawn');
    const invite = () =>
      owner.agent.call(routes.staff.POST, '/api/store-admin/staff', {
        method: 'POST',
        json: { email, role: 'store_staff' },
      });
    const first = await invite();
    expect(first.status).toBe(201);
    expect((await invite()).body.error.code).toBe('invite_pending');
    const firstMail = await mail.waitFor(email, (m) => m.subject.startsWith('You are invited'));
    const token = linkIn(firstMail, '/admin/join').searchParams.get('token');

    const withdrawn = await owner.agent.call(
      invitesRoute.DELETE,
      `/api/store-admin/invites/${first.body.data.id}`,
      { method: 'DELETE', params: { id: first.body.data.id } },
    );
    expect(withdrawn.status).toBe(204);
    const again = await owner.agent.call(
      invitesRoute.DELETE,
      `/api/store-admin/invites/${first.body.data.id}`,
      { method: 'DELETE', params: { id: first.body.data.id } },
    );
    expect(again.status).toBe(404);

    const invitee = await signedInStaff(routes, store, null);
    const dead = await invitee.agent.call(routes.join.POST, '/api/store-admin/join', {
      method: 'POST',
      json: { token },
    });
    expect(dead.status).toBe(404);
    expect((await invite()).status).toBe(201);
    expect(await mailsTo(email)).toHaveLength(2);
  });
});
