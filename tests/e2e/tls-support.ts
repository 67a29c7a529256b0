import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { connect, type PeerCertificate, type TLSSocket } from 'node:tls';

/**
 * Pebble (Debian's `pebble`, Let's Encrypt's test CA) on loopback ports of its own, for
 * tests/e2e/tls.spec.ts, and TLS clients that name a host (SNI) while connecting to 127.0.0.1.
 */

export const PEBBLE = process.env.PEBBLE_BIN || '/usr/bin/pebble';

export type Pebble = {
  /** The ACME directory. */
  directory: string;
  /** PEM of the CA of Pebble's own listener (ACME_CA_ROOT). */
  listenerCaFile: string;
  /** PEM of the root Pebble issues under (from its management port's /roots/0). */
  root: string;
  /** New orders Pebble was sent so far (its log's `POST /order-plz` lines). */
  orders(): number;
  /** Every request Pebble was sent so far. */
  requests(): number;
  stop(): Promise<void>;
};

function openssl(args: string[], cwd: string) {
  const result = spawnSync('openssl', args, { cwd, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`openssl ${args[0]} failed: ${result.stderr}`);
}

/** A CA of the test's own and a certificate for 127.0.0.1 under it: Pebble's listener. */
function listenerCertificate(dir: string) {
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];
  openssl(
    [
      'req',
      '-x509',
      ...ec,
      '-keyout',
      'ca.key',
      '-out',
      'ca.pem',
      '-days',
      '2',
      '-subj',
      '/CN=tls spec listener CA',
    ],
    dir,
  );
  openssl(['req', ...ec, '-keyout', 'key.pem', '-out', 'cert.csr', '-subj', '/CN=127.0.0.1'], dir);
  writeFileSync(path.join(dir, 'ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\n');
  openssl(
    [
      'x509',
      '-req',
      '-in',
      'cert.csr',
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-out',
      'cert.pem',
      '-days',
      '2',
      '-extfile',
      'ext',
    ],
    dir,
  );
}

export async function startPebble(ports: {
  acme: number;
  management: number;
  /** Where Pebble would validate challenges (it does not: PEBBLE_VA_ALWAYS_VALID). */
  http: number;
  tls: number;
  /** How long its certificates last: short, so that a test sees Caddy's renewal window. */
  certificateSeconds?: number;
}): Promise<Pebble> {
  const dir = mkdtempSync(path.join(tmpdir(), 'storefront-pebble-'));
  listenerCertificate(dir);
  writeFileSync(
    path.join(dir, 'pebble.json'),
    JSON.stringify({
      pebble: {
        listenAddress: `127.0.0.1:${ports.acme}`,
        managementListenAddress: `127.0.0.1:${ports.management}`,
        certificate: path.join(dir, 'cert.pem'),
        privateKey: path.join(dir, 'key.pem'),
        httpPort: ports.http,
        tlsPort: ports.tls,
        ocspResponderURL: '',
        externalAccountBindingRequired: false,
        ...(ports.certificateSeconds
          ? { certificateValidityPeriod: ports.certificateSeconds }
          : {}),
      },
    }),
  );
  let log = '';
  const child: ChildProcess = spawn(PEBBLE, ['-config', path.join(dir, 'pebble.json')], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      // Challenges pass without a request back (the hosts are names of the test's own DNS),
      // without random sleeps, and every good nonce is taken.
      PEBBLE_VA_ALWAYS_VALID: '1',
      PEBBLE_VA_NOSLEEP: '1',
      PEBBLE_WFE_NONCEREJECT: '0',
    },
  });
  child.stdout!.on('data', (d) => (log += d));
  child.stderr!.on('data', (d) => (log += d));
  const listenerCa = readFileSync(path.join(dir, 'ca.pem'), 'utf8');
  let root = '';
  for (let i = 0; i < 100 && !root; i++) {
    await new Promise((r) => setTimeout(r, 100));
    root = await httpsText(`https://127.0.0.1:${ports.management}/roots/0`, listenerCa).catch(
      () => '',
    );
  }
  if (!root.includes('BEGIN CERTIFICATE')) throw new Error(`pebble did not start:\n${log}`);
  const count = (re: RegExp) => log.match(re)?.length ?? 0;
  return {
    directory: `https://127.0.0.1:${ports.acme}/dir`,
    listenerCaFile: path.join(dir, 'ca.pem'),
    root,
    orders: () => count(/POST \/order-plz/g),
    requests: () => count(/(GET|POST|HEAD) \S+ -> calling handler/g),
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function httpsText(url: string, ca: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest(url, { ca, timeout: 3_000 }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (body += d));
      res.on('end', () => resolve(body));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end();
  });
}

export type Handshake = { ok: true; certificate: PeerCertificate } | { ok: false; error: string };

/**
 * One TLS handshake with 127.0.0.1:port naming `servername` (none for an IP literal's), the
 * certificate checked against `ca` for that name (with `ca` null, not checked).
 */
export function handshake(
  port: number,
  servername: string | null,
  ca: string | null,
  timeoutMs = 15_000,
): Promise<Handshake> {
  return new Promise((resolve) => {
    const socket = connect({
      host: '127.0.0.1',
      port,
      // Without `ca`, any certificate will do: the handshake then fails only if the server
      // presents none.
      ...(ca ? { ca } : { rejectUnauthorized: false }),
      ...(servername ? { servername } : {}),
      ALPNProtocols: ['http/1.1'],
    });
    const timer = setTimeout(() => socket.destroy(new Error('timeout')), timeoutMs);
    socket.once('secureConnect', () => {
      clearTimeout(timer);
      const certificate = socket.getPeerCertificate();
      socket.end();
      resolve({ ok: true, certificate });
    });
    socket.once('error', (error) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ ok: false, error: error.message });
    });
  });
}

export type HttpsAnswer = {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  certificate: PeerCertificate;
};

/** A request over HTTPS to 127.0.0.1:port for `host` (SNI and Host), checked against `ca`. */
export function httpsCall(
  port: number,
  host: string,
  ca: string,
  options: { method?: string; path: string; headers?: Record<string, string>; json?: unknown },
): Promise<HttpsAnswer> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  return new Promise((resolve, reject) => {
    const req = httpsRequest(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        servername: host,
        ca,
        agent: false,
        headers: {
          host: `${host}:${port}`,
          ...(body === undefined
            ? {}
            : {
                'content-type': 'application/json',
                'content-length': String(Buffer.byteLength(body)),
              }),
          ...options.headers,
        },
        timeout: 30_000,
      },
      (res) => {
        const certificate = (res.socket as TLSSocket).getPeerCertificate();
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (d) => (text += d));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text, certificate }),
        );
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', reject);
    req.end(body);
  });
}

/** A GET over HTTPS; see httpsCall. */
export const httpsGet = (port: number, host: string, p: string, ca: string) =>
  httpsCall(port, host, ca, { path: p });

/** A name nobody registered: `x<hex>.<tag>.test`. */
export const randomName = (tag: string) => `x${randomBytes(6).toString('hex')}.${tag}.test`;
