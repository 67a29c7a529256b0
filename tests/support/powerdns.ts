import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resolver } from 'node:dns/promises';

/**
 * A real PowerDNS Authoritative (Debian's pdns-server, SQLite backend) on loopback ports of its
 * own, with its own data directory: DNS on `dnsPort`, the HTTP API on `apiPort`. `stop()` and
 * `start()` take it away and bring it back on the same ports and data.
 */
const SCHEMA = '/usr/share/pdns-backend-sqlite3/schema/schema.sqlite3.sql';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startPowerDns(options: { apiPort?: number; key?: string } = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'pdns-test-'));
  const db = join(dir, 'pdns.sqlite3');
  const made = spawnSync('sqlite3', [db], { input: `.read ${SCHEMA}\n` });
  if (made.status !== 0) throw new Error(`sqlite3: ${made.stderr}`);
  const dnsPort = await freePort();
  const apiPort = options.apiPort ?? (await freePort());
  const key = options.key ?? `test-key-${process.pid}`;
  writeFileSync(
    join(dir, 'pdns.conf'),
    [
      'launch=gsqlite3',
      `gsqlite3-database=${db}`,
      'gsqlite3-dnssec=yes',
      'local-address=127.0.0.1',
      `local-port=${dnsPort}`,
      'api=yes',
      `api-key=${key}`,
      'webserver=yes',
      'webserver-address=127.0.0.1',
      `webserver-port=${apiPort}`,
      'webserver-allow-from=127.0.0.0/8',
      `socket-dir=${dir}`,
      'guardian=no',
      'daemon=no',
      'disable-syslog=yes',
      'write-pid=no',
      'loglevel=3',
      'cache-ttl=0',
      'negquery-cache-ttl=0',
      'query-cache-ttl=0',
      'zone-cache-refresh-interval=0',
      '',
    ].join('\n'),
  );
  let child: ChildProcess | null = null;
  const url = `http://127.0.0.1:${apiPort}`;

  async function start() {
    child = spawn('pdns_server', [`--config-dir=${dir}`], { stdio: 'ignore' });
    for (let i = 0; i < 100; i++) {
      try {
        const answer = await fetch(`${url}/api/v1/servers/localhost`, {
          headers: { 'x-api-key': key },
        });
        if (answer.ok) return;
      } catch {
        // not up yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('pdns_server did not start');
  }

  async function stop() {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  }

  await start();
  const resolver = new Resolver({ timeout: 2000, tries: 1 });
  resolver.setServers([`127.0.0.1:${dnsPort}`]);
  return {
    url,
    key,
    dnsPort,
    resolver,
    start,
    stop,
    /** `dig` at this server: its answer section lines. */
    dig(name: string, type: string, extra: string[] = []): string[] {
      const out = spawnSync(
        'dig',
        [
          `@127.0.0.1`,
          '-p',
          String(dnsPort),
          '+norecurse',
          '+noall',
          '+answer',
          ...extra,
          name,
          type,
        ],
        { encoding: 'utf8' },
      );
      return out.stdout.split('\n').filter((l) => l.trim() !== '');
    },
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
