import { connect } from 'node:net';
import type { Page, Response } from '@playwright/test';

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
export function rawRequest(raw: string | Buffer, port = PORT): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.setTimeout(10_000, () => socket.destroy(new Error('timeout')));
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
}): Promise<RawResponse> {
  const lines = [`${options.method ?? 'GET'} ${options.path} HTTP/1.1`];
  if (options.host !== null) lines.push(`Host: ${options.host ?? 'nameport.localhost'}`);
  for (const [k, v] of Object.entries(options.headers ?? {})) lines.push(`${k}: ${v}`);
  if (options.body !== undefined) lines.push(`Content-Length: ${Buffer.byteLength(options.body)}`);
  lines.push('Connection: close', '', options.body ?? '');
  return rawRequest(lines.join('\r\n'));
}

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
