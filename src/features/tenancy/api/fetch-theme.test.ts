import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@/lib/api-client';
import { fetchTheme } from './fetch-theme';

/** A real HTTP peer whose answer each test picks by path prefix. */
let server: Server;
let base: string;
const answers: Record<string, { status: number; body: string }> = {
  ok: {
    status: 200,
    body: JSON.stringify({ data: { config: { store_name: 'Peer' }, theme: {}, variables: {} } }),
  },
  nodata: { status: 200, body: JSON.stringify({ ok: true }) },
  nulldata: { status: 200, body: JSON.stringify({ data: null }) },
  created: { status: 201, body: JSON.stringify({ data: { config: {} } }) },
  error: { status: 500, body: JSON.stringify({ error: { code: 'internal_error' } }) },
  notfound: { status: 404, body: JSON.stringify({ error: { code: 'store_not_found' } }) },
  html: { status: 200, body: '<html>oops</html>' },
};
const seen: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? '');
    const key = (req.url ?? '').split('/')[1] ?? '';
    const answer = answers[key] ?? answers.error!;
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('fetchTheme', () => {
  it('answers the data of a 200 answer and asks for tlds when told', async () => {
    const theme = await fetchTheme(createApiClient(`${base}/ok`), { tlds: true });
    expect(theme.config.store_name).toBe('Peer');
    expect(seen.at(-1)).toBe('/ok/api/theme?tlds=true');
  });

  it.each(['nodata', 'nulldata', 'created', 'error', 'notfound', 'html'])(
    'raises "Failed to fetch theme" for the %s answer',
    async (key) => {
      await expect(fetchTheme(createApiClient(`${base}/${key}`))).rejects.toThrow(
        'Failed to fetch theme',
      );
    },
  );

  it('raises "Failed to fetch theme" when the peer cannot be reached', async () => {
    await expect(fetchTheme(createApiClient('http://127.0.0.1:9'))).rejects.toThrow(
      'Failed to fetch theme',
    );
  });
});
