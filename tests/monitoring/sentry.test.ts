import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as Sentry from '@sentry/node';
import { appDatabase } from '@/lib/db/app-db';
import { seedDemoData } from '@/features/demo/server/demo-seed.server';
import { SENTRY_LIMITS, sharedOptions } from '@/features/monitoring/sentry-options';
import { tagsOf } from '@/features/monitoring/server-report.server';

/** A local Sentry ingest: collects every envelope item the SDK sends. */
let ingest: Server;
const items: { type: string; payload: any }[] = [];

beforeAll(async () => {
  await seedDemoData((await appDatabase()).db, { demoStores: true });
  ingest = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const lines = Buffer.concat(chunks).toString('utf8').split('\n').filter(Boolean);
      for (let i = 1; i + 1 < lines.length; i += 2) {
        const type = JSON.parse(lines[i]!).type;
        // Client reports only count what the SDK dropped; they carry no event.
        if (type !== 'client_report') items.push({ type, payload: JSON.parse(lines[i + 1]!) });
      }
      res.writeHead(200).end('{}');
    });
  });
  await new Promise<void>((r) => ingest.listen(0, '127.0.0.1', r));
  const { port } = ingest.address() as AddressInfo;
  Sentry.init({
    ...sharedOptions(`http://publickey@127.0.0.1:${port}/1`, 'test'),
    // Sampling is pinned below; here every transaction is kept so the filter decides alone.
    tracesSampleRate: 1,
    // The filters production gets from the SDK's default integrations, without the rest
    // (process and HTTP instrumentation) that a test process does not need.
    defaultIntegrations: false,
    integrations: [Sentry.eventFiltersIntegration()],
  });
});

afterAll(async () => {
  await Sentry.close(2_000);
  await new Promise<void>((r) => ingest.close(() => r()));
});

async function send(capture: () => void) {
  const before = items.length;
  capture();
  await Sentry.flush(2_000);
  return items.slice(before);
}

function errorWithFrame(message: string, filename: string): Sentry.Event {
  return {
    level: 'error',
    exception: {
      values: [
        { type: 'Error', value: message, stacktrace: { frames: [{ filename, function: 'f' }] } },
      ],
    },
  };
}

describe('error reporting', () => {
  it('pins the documented limits (docs/contract/constants-and-errors.md)', () => {
    const options = sharedOptions('http://k@127.0.0.1:1/1', 'production');
    expect(options.maxBreadcrumbs).toBe(100);
    expect(options.tracesSampleRate).toBe(0.1);
    expect(SENTRY_LIMITS).toMatchObject({
      idleTimeout: 1000,
      finalTimeout: 30000,
      childSpanTimeout: 5000,
    });
  });

  it('delivers an error tagged with store, host and site version', async () => {
    const tags = await tagsOf(new Headers({ host: 'acme.localhost', 'accept-language': 'en-GB' }));
    expect(tags).toEqual({
      store: '0b8f5c1e-7d2a-4e3b-9c4d-5e6f7a8b9c01',
      host: 'acme.localhost',
      site_version: '1',
    });
    const sent = await send(() =>
      Sentry.withScope((scope) => {
        scope.setTags(tags);
        scope.setContext('page', { url: 'https://shop.example/domains/pricing' });
        Sentry.captureException(new Error('price table broke'));
      }),
    );
    expect(sent).toHaveLength(1);
    expect(sent[0]!.type).toBe('event');
    expect(sent[0]!.payload.exception.values[0].value).toBe('price table broke');
    expect(sent[0]!.payload.tags).toMatchObject(tags);
  });

  it('drops failed fetches and other noisy browser errors', async () => {
    const sent = await send(() => {
      Sentry.captureException(new TypeError('Failed to fetch'));
      Sentry.captureException(new Error('ResizeObserver loop limit exceeded'));
      Sentry.captureMessage('Script error.');
    });
    expect(sent).toEqual([]);
  });

  it('drops errors thrown by browser extensions', async () => {
    const sent = await send(() => {
      Sentry.captureEvent(errorWithFrame('boom', 'chrome-extension://abcdef/content.js'));
      Sentry.captureEvent(errorWithFrame('boom', 'moz-extension://1234/inject.js'));
    });
    expect(sent).toEqual([]);
  });

  it('drops reports from local-host pages', async () => {
    const sent = await send(() => {
      Sentry.captureEvent({ message: 'local', request: { url: 'http://acme.localhost:3000/' } });
      Sentry.captureEvent({ message: 'loopback', request: { url: 'http://127.0.0.1:3000/x' } });
      Sentry.captureEvent({ message: 'public', request: { url: 'https://shop.example/' } });
    });
    expect(sent.map((i) => i.payload.message)).toEqual(['public']);
  });

  it('drops the 404 page transaction and keeps others', async () => {
    const sent = await send(() => {
      Sentry.startSpan({ name: '/_not-found', forceTransaction: true }, () => undefined);
      Sentry.startSpan({ name: 'GET /domains/pricing', forceTransaction: true }, () => undefined);
    });
    expect(sent.filter((i) => i.type === 'transaction').map((i) => i.payload.transaction)).toEqual([
      'GET /domains/pricing',
    ]);
  });
});
