import { NextRequest } from 'next/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { appDb } from '@/lib/db/app-db';
import { apiRoute } from '@/lib/http/api-route';
import { logger, setLogDestination } from '@/lib/logger';
import { seedDemoData } from '@/features/demo/server/demo-seed.server';
import { customerRoutes, signedInCustomer } from '../support/customers';

const noContext = undefined as never;
const lines: Record<string, unknown>[] = [];
let restore: () => void;
const level = logger.level;

beforeAll(async () => {
  await seedDemoData(await appDb(), { demoStores: true });
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

describe('a request whose client hangs up', () => {
  it('is logged as aborted at info level, never as the database being unavailable', async () => {
    const routes = await customerRoutes();
    const phone = await import('@/app/api/account/phone/route');
    const c = await signedInCustomer(routes);
    const hangUp = new AbortController();
    // What Node gives a handler reading the body of a request whose connection closed.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"co'));
        hangUp.abort();
        controller.error(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
      },
    });
    const request = new NextRequest('http://nameport.localhost/api/account/phone', {
      method: 'PUT',
      headers: {
        host: 'nameport.localhost',
        cookie: c.agent.cookieHeader(),
        'x-xsrf-token': c.agent.cookies.get('XSRF-TOKEN')!,
        'x-forwarded-for': c.agent.ip,
        'content-type': 'application/json',
      },
      body,
      signal: hangUp.signal,
      duplex: 'half',
    } as ConstructorParameters<typeof NextRequest>[1]);
    lines.splice(0);
    const response = await phone.PUT(request, noContext);
    expect(response.status).toBe(499);
    expect(lines.filter((l) => (l.level as number) >= 40)).toEqual([]);
    expect(lines).toContainEqual(
      expect.objectContaining({ level: 30, msg: 'request aborted', path: '/api/account/phone' }),
    );
  });
});

describe('errors that decide an answer', () => {
  it('an ApiError thrown by another copy of its module (another server bundle) keeps its status and code', async () => {
    // Next loads some modules once per bundle: a class from one copy is not the other's. Last in
    // this file: after the reset, modules imported later are copies the hooks above do not see.
    vi.resetModules();
    const copy = await import('@/lib/http/api-response');
    const route = apiRoute(async () => {
      throw new copy.ApiError(400, 'invalid_signature', 'The webhook signature does not verify.');
    });
    const response = await route(new NextRequest('http://nameport.localhost/api/x'), noContext);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: 'invalid_signature', message: 'The webhook signature does not verify.' },
    });
    expect(lines.filter((l) => (l.level as number) >= 50)).toEqual([]);
  });
});
