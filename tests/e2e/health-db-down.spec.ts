import type { ChildProcess } from 'node:child_process';
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { jsonOf, rawRequest, scratchDatabase, startExtraServer } from './support';

/**
 * /check-health must answer without the store lookup and without the database. This starts a
 * second production server whose only way to PostgreSQL is a TCP relay the test owns, proves the
 * database works, cuts the relay, and asks again.
 */
const SERVER_URL = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PORT = Number(process.env.E2E_PORT ?? 3200) + 90;

let relay: Server;
const relaySockets = new Set<Socket>();
let app: ChildProcess;
let database: Awaited<ReturnType<typeof scratchDatabase>>;

async function get(host: string, p: string) {
  return rawRequest(`GET ${p} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, PORT);
}

test.beforeAll(async () => {
  database = await scratchDatabase(SERVER_URL);

  const upstream = new URL(SERVER_URL);
  relay = createServer((client) => {
    const server = connect(Number(upstream.port || 5432), upstream.hostname);
    for (const s of [client, server]) {
      relaySockets.add(s);
      s.on('close', () => relaySockets.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(server).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const relayUrl = new URL(SERVER_URL);
  relayUrl.port = String((relay.address() as AddressInfo).port);
  relayUrl.pathname = `/${database.name}`;

  app = await startExtraServer({
    command: [path.resolve('node_modules/.bin/next'), 'start', '-p', String(PORT)],
    port: PORT,
    env: { DATABASE_URL: relayUrl.toString() },
  });
});

test.afterAll(async () => {
  app?.kill('SIGTERM');
  relay?.close();
  for (const s of relaySockets) s.destroy();
  await database?.drop();
});

test('/check-health answers 200 with the database unreachable', async () => {
  expect((await get('acme.localhost', '/check-health')).status).toBe(200);

  await new Promise<void>((resolve) => {
    relay.close(() => resolve());
    for (const s of relaySockets) s.destroy();
  });

  for (const [host, p] of [
    ['acme.localhost', '/check-health'],
    ['unknown.localhost', '/api/check-health'],
    ['bytes.localhost', '/deep/path/check-health'],
  ] as const) {
    const response = await get(host, p);
    expect(response.status, `${host}${p}`).toBe(200);
    expect(jsonOf(response).data.status).toBe('ok');
  }

  // A lookup that needs the database now fails cleanly, and the process lives on.
  const store = await get('bytes.localhost', '/api/store');
  expect(store.status).toBe(503);
  expect(jsonOf(store).error.code).toBe('service_unavailable');
  expect(app.exitCode).toBeNull();
  expect((await get('acme.localhost', '/check-health')).status).toBe(200);
});
