import { beforeAll, describe, expect, it } from 'vitest';
import { appDb } from '@/lib/db/app-db';
import { seedDemoData } from '@/features/demo/server/demo-seed.server';
import { GET as numbers } from '@/app/api/voice/numbers/route';
import { GET as plans } from '@/app/api/voice/plans/route';
import { apiRequest } from '../support/requests';

const noContext = undefined as never;

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
});
const GB = { 'accept-language': 'en-GB' };
const US = { 'accept-language': 'en-US' };

async function call(handler: typeof numbers, path: string, headers: Record<string, string>) {
  const response = await handler(apiRequest(path, { headers }), noContext);
  return { status: response.status, body: await response.json() };
}

describe('GET /api/voice/numbers', () => {
  it('searches UK numbers by area code for GBP, with a monthly price incl. and excl. VAT', async () => {
    const { status, body } = await call(numbers, '/api/voice/numbers?area=0161&limit=5', GB);
    expect(status).toBe(200);
    expect(body.data.numbers).toHaveLength(5);
    for (const n of body.data.numbers) {
      expect(n.number).toMatch(/^\+441614960\d{3}$/);
      expect(n.area).toBe('0161');
      expect(n.monthly.gross).toBe(n.monthly.net + Math.round(n.monthly.net / 5));
    }
  });

  it('searches US area codes for USD by digits contained, gross equal to net', async () => {
    const { body } = await call(numbers, '/api/voice/numbers?area=212&contains=555011', US);
    expect(body.data.numbers.length).toBeGreaterThan(0);
    for (const n of body.data.numbers) {
      expect(n.number).toMatch(/^\+1212555011\d$/);
      expect(n.monthly.gross).toBe(n.monthly.net);
    }
  });

  it('does not mix countries: a US area code in GBP finds nothing', async () => {
    const { body } = await call(numbers, '/api/voice/numbers?area=212', GB);
    expect(body.data.numbers).toEqual([]);
  });

  it.each([
    'area=abc',
    'limit=0',
    'limit=101',
    'limit=0x10',
    'limit=1e1',
    'limit=',
    'contains=12x',
    'colour=red',
  ])('refuses %s with 400', async (query) => {
    const { status, body } = await call(numbers, `/api/voice/numbers?${query}`, GB);
    expect(status).toBe(400);
    expect(body.error.code).toBe('validation_failed');
  });
});

describe('GET /api/voice/plans', () => {
  it('lists call plans priced per user per month in the site version currency, with their features', async () => {
    const gb = await call(plans, '/api/voice/plans', GB);
    expect(gb.body.data.plans[0]).toEqual({
      id: 'starter',
      name: 'Starter',
      per_user_monthly: { net: 800, gross: 960 },
      features: [
        '1,000 minutes a user a month to landlines and mobiles at home',
        'Voicemail to e-mail',
        'Call forwarding',
      ],
    });
    const us = await call(plans, '/api/voice/plans', US);
    expect(us.body.data.plans.map((p: any) => p.id)).toEqual(['starter', 'business', 'unlimited']);
    expect(us.body.data.plans[0].per_user_monthly).toEqual({ net: 1000, gross: 1000 });
  });
});
