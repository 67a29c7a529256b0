import { describe, expect, it } from 'vitest';
import { Agent } from '../support/agent';

// Without TEST_CLOCK=true the product's time cannot be moved: the call does not exist, even for
// the operator's token.
const TOKEN = 'clock-test-admin-token-0123456789abcdef';
delete process.env.TEST_CLOCK;
process.env.ADMIN_API_TOKEN = TOKEN;
const route = await import('@/app/api/admin/clock/route');
const { now } = await import('@/lib/clock');

describe('POST /api/admin/clock without a test clock', () => {
  it('answers 404 like an unknown API path, and the time stays', async () => {
    const operator = new Agent('nameport.localhost');
    const headers = { authorization: `Bearer ${TOKEN}` };
    const before = now().getTime();
    const post = await operator.call(route.POST, '/api/admin/clock', {
      method: 'POST',
      json: { advance_days: 30 },
      headers,
    });
    const get = await operator.call(route.GET, '/api/admin/clock', { headers });
    for (const answer of [post, get]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({
        error: { code: 'not_found', message: 'There is no such API path.' },
      });
    }
    expect(now().getTime() - before).toBeLessThan(60_000);
  });
});
