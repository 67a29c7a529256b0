import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appDatabase } from '@/lib/db/app-db';
import { apiRoute } from '@/lib/http/api-route';
import { logger, setLogDestination } from '@/lib/logger';
import { runInLogScope } from '@/lib/log-scope';
import { seedDemoData } from '@/features/demo/server/demo-seed.server';
import { GET as getStore } from '@/app/api/store/route';
import { apiRequest } from '../support/requests';

const noContext = undefined as never;
const lines: Record<string, unknown>[] = [];
let restore: () => void;
const level = logger.level;

beforeAll(async () => {
  await seedDemoData((await appDatabase()).db, { demoStores: true });
});
beforeEach(() => {
  lines.splice(0);
  restore = setLogDestination({ write: (line: string) => void lines.push(JSON.parse(line)) });
  logger.level = 'info';
});
afterEach(() => {
  logger.level = level;
  restore();
});

describe('the application logger', () => {
  it('writes to the destination it is given, and back to the previous one after', () => {
    logger.info({ event: 'one' }, 'first');
    restore();
    const others: string[] = [];
    const back = setLogDestination({ write: (line: string) => void others.push(line) });
    logger.info({ event: 'two' }, 'second');
    back();
    restore = setLogDestination({ write: () => {} });
    expect(lines).toEqual([expect.objectContaining({ event: 'one', msg: 'first', level: 30 })]);
    expect(others.map((l) => JSON.parse(l).event)).toEqual(['two']);
  });

  it("puts the request's id on every line written for that request, and only there", async () => {
    await runInLogScope('req-1', async () => {
      await Promise.resolve();
      logger.warn({ event: 'inside' }, 'deep in the call');
    });
    runInLogScope(null, () => logger.info({ event: 'no id' }, 'no id given'));
    logger.info({ event: 'outside' }, 'after');
    expect(lines.map((l) => [l.event, l.request_id])).toEqual([
      ['inside', 'req-1'],
      ['no id', undefined],
      ['outside', undefined],
    ]);
  });
});

describe('apiRoute and the request id', () => {
  it('logs an unhandled error with the id serve.mjs gave the request', async () => {
    const failing = apiRoute(async () => {
      throw new Error('planted failure');
    });
    const response = await failing(
      apiRequest('/api/anything', { headers: { 'x-request-id': 'req-from-edge-42' } }),
      noContext,
    );
    expect(response.status).toBe(500);
    const error = lines.find((l) => l.msg === 'unhandled error');
    expect(error).toMatchObject({
      level: 50,
      request_id: 'req-from-edge-42',
      path: '/api/anything',
    });
    expect(String(error?.err)).toContain('planted failure');
  });

  it.each([
    ['acme.localhost', 'acme.localhost'],
    ['nameport.localhost', 'nameport'],
    ['www.nameport.example', 'nameport'],
  ])('tells serve.mjs the store of a call on %s', async (host, store) => {
    const response = await getStore(apiRequest('/api/store', { host }), noContext);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-storefront-store')).toBe(store);
  });

  it('names no store when there is none', async () => {
    const response = await getStore(
      apiRequest('/api/store', { host: 'nostore.localhost' }),
      noContext,
    );
    expect(response.status).toBe(404);
    expect(response.headers.get('x-storefront-store')).toBeNull();
  });
});
