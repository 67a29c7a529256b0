// A local RDAP server (RFC 9083 answers) for the benchmark: every answer after `latencyMs`;
// names in `taken` answer 200 with a domain object, others 404. It runs on a thread of its own: a
// registry is somebody else's machine, and on the load generator's event loop its answers would
// wait behind autocannon's work (under a cold search's thousands of lookups a second, that wait
// was counted as the storefront's latency).
import { createServer } from 'node:http';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

function serve({ latencyMs, taken, counter }) {
  const names = new Set(taken);
  const lookups = new Int32Array(counter);
  const server = createServer((req, res) => {
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
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port));
  parentPort.on('message', () => {
    server.closeAllConnections();
    server.close(() => parentPort.close());
  });
}

if (!isMainThread && workerData?.rdap) serve(workerData.rdap);

export async function startRdapServer({ latencyMs = 50, taken = [] } = {}) {
  const counter = new SharedArrayBuffer(4);
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { rdap: { latencyMs, taken, counter } },
  });
  const exited = new Promise((resolve) => worker.once('exit', resolve));
  const port = await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
    exited.then((code) => reject(new Error(`the RDAP server's thread exited (${code})`)));
  });
  // A crash after the start fails the bench loudly instead of leaving lookups unanswered.
  worker.on('error', (error) => {
    console.error('the RDAP server failed:', error);
    process.exitCode = 1;
  });
  return {
    url: `http://127.0.0.1:${port}/`,
    lookups: () => Atomics.load(new Int32Array(counter), 0),
    close: async () => {
      worker.postMessage('close');
      await exited;
    },
  };
}
