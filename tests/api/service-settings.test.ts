import { beforeAll, describe, expect, it } from 'vitest';
import { buyer, checkoutRoutes, readyCart, type Buyer } from '../support/checkout';
import { PASSWORD, signedInCustomer } from '../support/customers';

const routes = await checkoutRoutes();
const one = await import('@/app/api/services/[id]/route');
const authCode = await import('@/app/api/services/[id]/auth-code/route');
const release = await import('@/app/api/services/[id]/release/route');
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
const { auditEvents, phoneNumbers } = await import('@/lib/db/schema');
const { and, eq } = await import('drizzle-orm');

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});

type Agentish = Pick<Buyer, 'agent' | 'headers'>;
type Services = { domain: { id: string }; number: { id: string }; plan: { id: string } };

const get = (who: Agentish, id: string) =>
  who.agent.call(one.GET, `/api/services/${id}`, { params: { id }, headers: who.headers() });
const patch = (who: Agentish, id: string, json: unknown) =>
  who.agent.call(one.PATCH, `/api/services/${id}`, {
    method: 'PATCH',
    json,
    params: { id },
    headers: who.headers(),
  });
const reveal = (who: Agentish, id: string, password: string) =>
  who.agent.call(authCode.POST, `/api/services/${id}/auth-code`, {
    method: 'POST',
    json: { password },
    params: { id },
    headers: who.headers(),
  });

/** A customer who bought a domain, a number and a plan (3 seats), paid with the demo provider. */
async function owner(): Promise<{ b: Buyer; services: Services; number: string; domain: string }> {
  const b = await buyer(routes);
  const { body, number, domain } = await readyCart(b);
  const placed = await b.order(body);
  expect(placed.status).toBe(201);
  expect((await b.demo(placed.body.data.payment.id, 'succeed')).status).toBe(200);
  const list = (await b.services()).body.data.services as { type: string; id: string }[];
  const services = Object.fromEntries(list.map((s) => [s.type, s])) as unknown as Services;
  return { b, services, number, domain };
}

const member = (b: Buyer, role: 'admin' | 'billing' | 'technical' | 'member') =>
  signedInCustomer(routes, { accountId: b.accountId, role, name: `A ${role}` });

describe('GET /api/services/{id}', () => {
  it('shows each service with its settings; another account gets 404', async () => {
    const { b, services, number, domain } = await owner();
    const d = await get(b, services.domain.id);
    expect(d.status).toBe(200);
    expect(d.body.data.service).toMatchObject({
      id: services.domain.id,
      type: 'domain',
      status: 'active',
      auto_renew: true,
      settings: {
        type: 'domain',
        domain,
        nameservers: ['ns1.nameport.localhost', 'ns2.nameport.localhost'],
        locked: true,
      },
    });
    const n = (await get(b, services.number.id)).body.data.service;
    expect(n.settings).toMatchObject({
      type: 'number',
      number,
      forward_to: null,
      ring_seconds: 20,
      emergency_address: { city: 'Manchester', country: 'GB' },
    });
    expect(n.settings.display).toMatch(/^0\d{2,4} \d{3,4} \d{3,4}$/);
    const p = (await get(b, services.plan.id)).body.data.service;
    expect(p.settings).toEqual({
      type: 'plan',
      plan: 'business',
      seats: 3,
      next_seats: null,
      next_price: null,
      holders: [],
    });

    const stranger = await buyer(routes);
    const other = await get(stranger, services.domain.id);
    expect(other.status).toBe(404);
    expect(other.body.error.code).toBe('service_not_found');
    expect((await get(b, 'not-a-uuid')).status).toBe(404);
  });
});

describe('PATCH /api/services/{id}', () => {
  it('sets a domain’s name servers (IDN as punycode) and lock, and logs the change', async () => {
    const { b, services } = await owner();
    const changed = await patch(b, services.domain.id, {
      nameservers: ['ns1.bücher.example', 'NS2.Example.net.'],
      locked: false,
    });
    expect(changed.status).toBe(200);
    expect(changed.body.data.service.settings).toMatchObject({
      nameservers: ['ns1.xn--bcher-kva.example', 'ns2.example.net'],
      locked: false,
    });
    expect((await get(b, services.domain.id)).body.data.service.settings.locked).toBe(false);
    const events = await (
      await appDb()
    )
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.accountId, b.accountId), eq(auditEvents.action, 'service.updated')),
      );
    expect(events).toEqual([
      expect.objectContaining({
        action: 'service.updated',
        actor: b.email,
        detail: { fields: ['nameservers', 'locked'] },
      }),
    ]);
  });

  it('refuses what is not a setting of the type, or not valid, and changes nothing', async () => {
    const { b, services } = await owner();
    const cases: [unknown, string][] = [
      [{ nameservers: ['ns1.example.com'] }, 'nameservers'],
      [{ nameservers: ['ns1.example.com', 'not a host'] }, 'nameservers.1'],
      [{ nameservers: ['ns1.example.com', 'NS1.example.com'] }, 'nameservers.1'],
      // A symbol the URL parser turns into punycode, but no domain can hold (decision 0141).
      [{ nameservers: ['ns1.example.com', 'ns2.😀.example'] }, 'nameservers.1'],
      [{ nameservers: ['ns1.xn--e28h.example', 'ns2.example.com'] }, 'nameservers.0'],
      [{ nameservers: Array.from({ length: 14 }, (_, i) => `ns${i}.example.com`) }, 'nameservers'],
      [{ forward_to: '+441134960000' }, 'forward_to'],
      [{ locked: 'yes' }, 'locked'],
    ];
    for (const [body, field] of cases) {
      const answer = await patch(b, services.domain.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.error.code).toBe('validation_failed');
      expect(Object.keys(answer.body.error.fields)).toContain(field);
    }
    expect((await patch(b, services.domain.id, {})).status).toBe(400);
    const still = (await get(b, services.domain.id)).body.data.service.settings;
    expect(still.nameservers).toEqual(['ns1.nameport.localhost', 'ns2.nameport.localhost']);
  });

  it('forwards a number to a valid phone number or SIP address, with its other settings', async () => {
    const { b, services } = await owner();
    const ok = await patch(b, services.number.id, {
      forward_to: '020 7946 0000',
      label: 'Reception',
      ring_seconds: 25,
      voicemail_email: 'voicemail@example.com',
      emergency_address: { line1: '2 Park Row', city: 'Leeds', postcode: 'ls1 5hd', country: 'GB' },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.service.settings).toMatchObject({
      forward_to: '+442079460000',
      label: 'Reception',
      ring_seconds: 25,
      voicemail_email: 'voicemail@example.com',
      emergency_address: { city: 'Leeds', postcode: 'LS1 5HD', country: 'GB' },
    });
    const sip = await patch(b, services.number.id, { forward_to: 'sip:desk@pbx.example.com' });
    expect(sip.body.data.service.settings.forward_to).toBe('sip:desk@pbx.example.com');

    for (const [body, field] of [
      [{ forward_to: '12345' }, 'forward_to'],
      [{ forward_to: 'sip:desk@-bad-' }, 'forward_to'],
      [{ ring_seconds: 3 }, 'ring_seconds'],
      [{ voicemail_email: 'not-mail' }, 'voicemail_email'],
      [
        {
          emergency_address: {
            line1: '1 Main St',
            city: 'Austin',
            region: 'TX',
            postcode: '73301',
            country: 'US',
          },
        },
        'emergency_address.country',
      ],
      [{ nameservers: ['a.example.com', 'b.example.com'] }, 'nameservers'],
    ] as const) {
      const answer = await patch(b, services.number.id, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(answer.body.error.fields)).toContain(field);
    }
    expect((await get(b, services.number.id)).body.data.service.settings.forward_to).toBe(
      'sip:desk@pbx.example.com',
    );
  });

  it('names every refused field of a number in one answer, each in plain words', async () => {
    const { b, services } = await owner();
    // A target that is no number, with a ring time out of bounds and a malformed address: the
    // number's own check (its country) is answered with the schema's, not one after the other.
    const all = await patch(b, services.number.id, {
      forward_to: 'call me maybe',
      ring_seconds: 0,
      voicemail_email: 'not-mail',
      emergency_address: { line1: '', city: '', postcode: '', country: 'US' },
    });
    expect(all.status).toBe(400);
    expect(all.body.error.fields).toEqual({
      forward_to: [expect.stringMatching(/^must be a phone number valid in GB or abroad/)],
      ring_seconds: ['must be a whole number of seconds from 5 to 120'],
      voicemail_email: ['must look like name@example.com'],
      'emergency_address.line1': ['is required'],
      'emergency_address.city': ['is required'],
      'emergency_address.postcode': ['is required'],
      'emergency_address.region': ['is required for a US address'],
      'emergency_address.country': [
        'must be GB: a number’s emergency address is in the number’s country',
      ],
    });
    // The target now valid, the ring time still not: only the ring time is refused.
    const ring = await patch(b, services.number.id, {
      forward_to: '+12125550100',
      ring_seconds: 0,
    });
    expect(ring.status).toBe(400);
    expect(ring.body.error.fields).toEqual({
      ring_seconds: ['must be a whole number of seconds from 5 to 120'],
    });
    for (const seconds of [4, 121, 7.5, null]) {
      const answer = await patch(b, services.number.id, { ring_seconds: seconds });
      expect(answer.body.error.fields, String(seconds)).toEqual({
        ring_seconds: ['must be a whole number of seconds from 5 to 120'],
      });
    }
    const long = await patch(b, services.number.id, {
      voicemail_email: `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(60)}.example`,
    });
    expect(long.body.error.fields.voicemail_email).toEqual(['must be at most 254 characters']);
    // Nothing was changed by the refusals.
    const kept = (await get(b, services.number.id)).body.data.service.settings;
    expect(kept).toMatchObject({ forward_to: null, ring_seconds: 20, voicemail_email: null });
    expect(
      (await patch(b, services.number.id, { forward_to: '+12125550100', ring_seconds: 5 })).status,
    ).toBe(200);
  });

  it('gives a plan’s seats to team members, and takes seats away at the period’s end', async () => {
    const { b, services } = await owner();
    const tech = await member(b, 'technical');
    const stranger = await buyer(routes);
    const given = await patch(b, services.plan.id, { seats: [b.userId, tech.userId] });
    expect(given.status).toBe(200);
    expect(given.body.data.service.settings.holders).toEqual([
      { user_id: b.userId, name: 'Grace Hopper', email: b.email },
      { user_id: tech.userId, name: 'A technical', email: tech.email },
    ]);
    const outsider = await patch(b, services.plan.id, { seats: [stranger.userId] });
    expect(outsider.status).toBe(400);
    const four = await member(b, 'member');
    const five = await member(b, 'member');
    const tooMany = await patch(b, services.plan.id, {
      seats: [b.userId, tech.userId, four.userId, five.userId],
    });
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error.code).toBe('too_many_seat_holders');

    const fewer = await patch(b, services.plan.id, { seat_count: 2 });
    expect(fewer.body.data.service.settings).toMatchObject({ seats: 3, next_seats: 2 });
    // The next period costs two seats of the three the price is for now.
    const { price } = fewer.body.data.service;
    const next = fewer.body.data.service.settings.next_price;
    expect([next.net * 3, next.vat * 3, next.gross * 3]).toEqual([
      price.net * 2,
      price.vat * 2,
      price.gross * 2,
    ]);
    const more = await patch(b, services.plan.id, { seat_count: 5 });
    expect(more.status).toBe(422);
    expect(more.body.error.code).toBe('seats_through_checkout');
    const cancel = await patch(b, services.plan.id, { cancel_at_period_end: true });
    expect(cancel.body.data.service.cancel_at_period_end).toBe(true);
  });

  it('lets each role change what the role matrix gives it, on the server', async () => {
    const { b, services } = await owner();
    const tech = await member(b, 'technical');
    const billing = await member(b, 'billing');
    const reader = await member(b, 'member');
    const ns = { nameservers: ['ns1.example.net', 'ns2.example.net'] };

    expect((await patch(tech, services.domain.id, ns)).status).toBe(200);
    const techRenew = await patch(tech, services.domain.id, { auto_renew: false });
    expect(techRenew.status).toBe(403);
    expect(techRenew.body.error.code).toBe('forbidden');

    expect((await patch(billing, services.domain.id, { auto_renew: false })).status).toBe(200);
    expect((await patch(billing, services.domain.id, ns)).status).toBe(403);

    expect((await get(reader, services.domain.id)).status).toBe(200);
    expect((await patch(reader, services.domain.id, { locked: false })).status).toBe(403);
    const after = (await get(b, services.domain.id)).body.data.service;
    expect(after).toMatchObject({ auto_renew: false, settings: { locked: true } });
  });
});

describe('POST /api/services/{id}/auth-code', () => {
  it('reveals the same code after the password, logs each reveal, and refuses the wrong password', async () => {
    const { b, services } = await owner();
    const wrong = await reveal(b, services.domain.id, 'not the password');
    expect(wrong.status).toBe(403);
    expect(wrong.body.error.code).toBe('password_incorrect');
    const first = await reveal(b, services.domain.id, PASSWORD);
    expect(first.status).toBe(200);
    expect(first.body.data.auth_code).toMatch(/^[A-Za-z0-9!#%+=]{16}$/);
    const again = await reveal(b, services.domain.id, PASSWORD);
    expect(again.body.data.auth_code).toBe(first.body.data.auth_code);
    const log = await (
      await appDb()
    )
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.accountId, b.accountId),
          eq(auditEvents.action, 'domain.auth_code_revealed'),
        ),
      );
    expect(log).toHaveLength(2);
    expect(log[0]).toMatchObject({ actor: b.email, ip: b.agent.ip });

    const billing = await member(b, 'billing');
    expect((await reveal(billing, services.domain.id, PASSWORD)).status).toBe(403);
    expect((await reveal(b, services.number.id, PASSWORD)).status).toBe(404);
  });

  it('is limited to five reveals an hour per person', async () => {
    const { b, services } = await owner();
    for (let i = 0; i < 5; i++)
      expect((await reveal(b, services.domain.id, PASSWORD)).status).toBe(200);
    const limited = await reveal(b, services.domain.id, PASSWORD);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('POST /api/services/{id}/release', () => {
  it('releases a number once it is typed again; it is for sale again and cannot be changed', async () => {
    const { b, services, number } = await owner();
    const call = (confirm: string) =>
      b.agent.call(release.POST, `/api/services/${services.number.id}/release`, {
        method: 'POST',
        json: { confirm },
        params: { id: services.number.id },
        headers: b.headers(),
      });
    const mismatch = await call('+441134960999');
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.error.code).toBe('confirmation_mismatch');
    const typed = number.replace(/^\+44(\d{3,4})(\d+)$/, '+44 $1 $2');
    const done = await call(typed);
    expect(done.status).toBe(200);
    expect(done.body.data.service).toMatchObject({ status: 'released', auto_renew: false });
    const [back] = await (
      await appDb()
    )
      .select()
      .from(phoneNumbers)
      .where(eq(phoneNumbers.number, number));
    expect(back).toMatchObject({ number, heldByCart: null, heldByOrder: null });
    const late = await patch(b, services.number.id, { label: 'Too late' });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe('service_not_changeable');
  });
});
