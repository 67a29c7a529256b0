// A local RDAP server (RFC 9083 answers) for the benchmark: every answer after `latencyMs`;
// names in `taken` answer 200 with a domain object, others 404. It runs on a thread of its own: a
// registry is somebody else's machine, and on the load generator's event loop its answers would
// wait behind autocannon's work (under a cold search's thousands of lookups a second, that wait
// was counted as the storefront's latency).
//
// `registries` ports stand for that many registries: `bootstrapFor(tlds)` writes an RFC 9224
// bootstrap file that spreads the TLDs over them, 3 to a registry as IANA's file has them at most,
// for the server's RDAP_BOOTSTRAP_FILE. A search then reaches many registries at once, as a real
// one does, rather than sending every lookup to one (docs/decisions/0299).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

/** TLDs one registry serves in the bootstrap files the benchmark writes. */
const TLDS_PER_REGISTRY = 3;

function serve({ latencyMs, taken, counter, registries }) {
  const names = new Set(taken);
  const lookups = new Int32Array(counter);
  const answer = (req, res) => {
    Atomics.add(lookups, 0, 1);
    const match = /^\/domain\/([^/?]+)$/.exec(req.url ?? '');
    const domain = match ? decodeURIComponent(match[1]).toLowerCase() : '';
    setTimeout(() => {
      res.setHeader('content-type', 'application/rdap+json');
      res.statusCode = !match ? 400 : names.has(domain) ? 200 : 404;
      res.end(
        JSON.stringify(
          res.statusCode === 200
            ? { objectClassName: 'domain', ldhName: domain, rdapConformance: ['rdap_level_0'] }
            : { errorCode: res.statusCode, title: 'not found' },
        ),
      );
    }, latencyMs);
  };
  const servers = Array.from({ length: registries }, () => {
    const server = createServer(answer);
    server.keepAliveTimeout = 60_000;
    return server;
  });
  Promise.all(
    servers.map(
      (server) =>
        new Promise((resolve) =>
          server.listen(0, '127.0.0.1', () => resolve(server.address().port)),
        ),
    ),
  ).then((ports) => parentPort.postMessage(ports));
  parentPort.on('message', () => {
    let open = servers.length;
    for (const server of servers) {
      server.closeAllConnections();
      server.close(() => {
        open -= 1;
        if (open === 0) parentPort.close();
      });
    }
  });
}

if (!isMainThread && workerData?.rdap) serve(workerData.rdap);

export async function startRdapServer({ latencyMs = 50, taken = [], registries = 1 } = {}) {
  const counter = new SharedArrayBuffer(4);
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { rdap: { latencyMs, taken, counter, registries } },
  });
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  const ports = await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    exited.then((code) => reject(new Error(`the RDAP server's thread exited (${code})`)));
  });
  // A crash after the start fails the bench loudly instead of leaving lookups unanswered.
  worker.on('error', (error) => {
    console.error('the RDAP server failed:', error);
    process.exitCode = 1;
  });
  const urls = ports.map((port) => `http://127.0.0.1:${port}/`);
  const dir = mkdtempSync(path.join(tmpdir(), 'bench-rdap-'));
  return {
    /** The first registry: RDAP_BASE_URL for a bench that sends every lookup to one server. */
    url: urls[0],
    urls,
    /** Writes a bootstrap file giving the TLDs to the registries in turn; answers its path. */
    bootstrapFor(tlds) {
      const services = [];
      for (let i = 0; i < tlds.length; i += TLDS_PER_REGISTRY) {
        const url = urls[(i / TLDS_PER_REGISTRY) % urls.length];
        services.push([tlds.slice(i, i + TLDS_PER_REGISTRY), [url]]);
      }
      const file = path.join(dir, 'dns.json');
      writeFileSync(
        file,
        JSON.stringify({ version: '1.0', publication: new Date().toISOString(), services }),
      );
      return file;
    },
    lookups: () => Atomics.load(new Int32Array(counter), 0),
    close: async () => {
      worker.postMessage('close');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
