import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import pg from 'pg';
import { expect, type Locator, type Page, type Response } from '@playwright/test';

export const PORT = Number(process.env.E2E_PORT ?? 3200);

export const DEMO_HOSTS = [
  { host: 'nameport.localhost', name: 'Nameport', logo: '/brands/nameport/logo.svg' },
  { host: 'callwave.localhost', name: 'Callwave', logo: '/brands/callwave/logo.svg' },
  { host: 'acme.localhost', name: 'Acme Voice', logo: '/brands/acme/logo.svg' },
  { host: 'harbor.localhost', name: 'Harbor Telecom', logo: '/brands/harbor/logo.svg' },
  { host: 'ringo.localhost', name: 'Ringo Connect', logo: '/brands/ringo/logo.svg' },
  { host: 'bytes.localhost', name: 'Bytes Domains', logo: '/brands/bytes/logo.svg' },
] as const;

export type RawResponse = { status: number; headers: string; body: string };

/**
 * Sends bytes exactly as given, so tests can send what fetch refuses to: no Host header, two
 * Host headers, odd characters.
 */
export function rawRequest(
  raw: string | Buffer,
  port = PORT,
  timeoutMs = 10_000,
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(timeoutMs, () => socket.destroy(new Error('timeout')));
    socket.on('data', (c) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks);
      const split = all.indexOf('\r\n\r\n');
      const head = all.subarray(0, split < 0 ? all.length : split).toString('latin1');
      let body: Buffer = split < 0 ? Buffer.alloc(0) : all.subarray(split + 4);
      if (/transfer-encoding: chunked/i.test(head)) body = decodeChunked(body);
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({ status, headers: head, body: body.toString('utf8') });
    });
    socket.write(raw);
  });
}

/** One request with `Connection: close` and the given host, method, headers and body. */
export function request(options: {
  host?: string | null;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  /** How long the answer may be silent (the test clock answers once every moved day has run). */
  timeoutMs?: number;
}): Promise<RawResponse> {
  const lines = [`${options.method ?? 'GET'} ${options.path} HTTP/1.1`];
  if (options.host !== null) lines.push(`Host: ${options.host ?? 'nameport.localhost'}`);
  for (const [k, v] of Object.entries(options.headers ?? {})) lines.push(`${k}: ${v}`);
  if (options.body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(options.body)}`);
  lines.push('Connection: close', '', options.body ?? '');
  return rawRequest(lines.join('\r\n'), PORT, options.timeoutMs);
}

/** The operator token the suite's server is started with (playwright.config.ts). */
export const ADMIN_TOKEN = 'e2e-admin-token-0123456789-0123456789';

/**
 * The server's test clock (TEST_CLOCK=true in playwright.config.ts): its time now, and moving it
 * forward by whole days, which answers once the jobs that became due have run. The clock only
 * moves forward and other specs may have moved it: read it rather than assume it is Date.now().
 */
/** POST /api/admin/clock with `body`; the server's time once the due jobs have run. */
async function advanceClock(body: { advance_days: number } | { advance_minutes: number }) {
  const answer = await request({
    method: 'POST',
    path: '/api/admin/clock',
    headers: { authorization: `Bearer ${ADMIN_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
    // A day at a time, running each day's due work: a year's jump takes a while.
    timeoutMs: 120_000,
  });
  if (answer.status !== 200) throw new Error(`POST /api/admin/clock: ${answer.status}`);
  return new Date(jsonOf(answer).data.now);
}

export const serverClock = {
  async now(): Promise<Date> {
    const answer = await request({
      path: '/api/admin/clock',
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    if (answer.status !== 200) throw new Error(`GET /api/admin/clock: ${answer.status}`);
    return new Date(jsonOf(answer).data.now);
  },
  async advanceDays(days: number): Promise<Date> {
    return advanceClock({ advance_days: days });
  },
  /** Moves the server's clock forward by whole minutes (a number's hold runs out in 15). */
  async advanceMinutes(minutes: number): Promise<Date> {
    return advanceClock({ advance_minutes: minutes });
  },
  /** How far the server's clock is ahead of this process's, in ms. */
  async offsetMs(): Promise<number> {
    const before = Date.now();
    const told = (await this.now()).getTime();
    return told - (before + Date.now()) / 2;
  },
};

/** The parsed JSON body. */
export function jsonOf(response: RawResponse): any {
  return JSON.parse(response.body);
}

function decodeChunked(body: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const eol = body.indexOf('\r\n', at);
    if (eol < 0) break;
    const size = parseInt(body.subarray(at, eol).toString('latin1'), 16);
    if (!size) break;
    parts.push(body.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/**
 * Opens a store page and waits until it has hydrated (<html data-hydrated>, set by DataProvider):
 * the page's scripts load after its first paint, so a test that clicks at once could otherwise
 * click a page whose controls do not answer yet.
 */
export async function visit(page: Page, target: string): Promise<Response | null> {
  const response = await page.goto(target);
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 10_000 });
  return response;
}

/**
 * A page paints before its scripts arrive (docs/decisions/0015). Until they have, a control whose
 * work is in a script must be disabled: a click or change then would do nothing, and the shopper
 * would think it was done. Opens `url` in a second tab with its scripts held back, expects every
 * control `controls` finds there to be shown and disabled, then lets the scripts through and
 * expects each to be enabled once the page has hydrated.
 */
export async function controlsWaitForScripts(
  page: Page,
  url: string,
  controls: (tab: Page) => Locator[],
) {
  const held = await page.context().newPage();
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await held.route('**/_next/static/chunks/**/*.js', async (route) => {
    await released;
    await route.continue();
  });
  await held.goto(url, { waitUntil: 'domcontentloaded' });
  const found = controls(held);
  for (const control of found) {
    await expect(control).toBeVisible();
    await expect(control).toBeDisabled();
  }
  release();
  for (const control of found) await expect(control).toBeEnabled();
  await held.close();
}

/**
 * Starts one more production server (the build is the suite's) and waits until `host` answers
 * `/api/store` on `port`. Its output is kept for the error if it does not come up.
 */
export async function startExtraServer(options: {
  command: string[];
  port: number;
  env: Record<string, string>;
  host?: string;
}): Promise<ChildProcess> {
  const [cmd, ...args] = options.command;
  const app = spawn(cmd!, args, {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      NEXT_TELEMETRY_DISABLED: '1',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  app.stdout?.on('data', (d) => (output += d));
  app.stderr?.on('data', (d) => (output += d));
  const host = options.host ?? 'acme.localhost';
  for (let i = 0; i < 120; i++) {
    const ok = await rawRequest(
      `GET /api/store HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
      options.port,
    ).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return app;
    await new Promise((r) => setTimeout(r, 500));
  }
  app.kill('SIGTERM');
  throw new Error(`server on ${options.port} did not start:\n${output}`);
}

/** A fresh database on the PostgreSQL server at `serverUrl`; answers its URL and a drop. */
export async function scratchDatabase(
  serverUrl: string,
): Promise<{ url: string; name: string; drop: () => Promise<void> }> {
  const name = `storefront_e2e_${randomBytes(5).toString('hex')}`;
  const run = async (sql: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(sql);
    } finally {
      await admin.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => run(`drop database if exists ${name} with (force)`),
  };
}
