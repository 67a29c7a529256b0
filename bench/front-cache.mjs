// The front cache's gain (issue 27 point 2): one store page, asked of one instance directly and of
// nginx in front of the instances, in the same run, with the same client and connections.
// Target: through nginx at least 10 times one instance's own rate for the page.
// Usage: node bench/front-cache.mjs [--duration 10] [--instances 3] [--connections 32]
// Starts its own PostgreSQL (port 3560), Redis (3561) and cluster (nginx on 3570, instances
// from 3571); the machine's load is printed with the figures, as other work shares the cores.
import { parseArgs } from 'node:util';
import { measure } from './support.mjs';
import {
  machine,
  startCluster,
  startOwnPostgres,
  startOwnRedis,
  stopAll,
} from './cluster-support.mjs';

const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    instances: { type: 'string', default: '3' },
    connections: { type: 'string', default: '32' },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const FRONT = 3570;
const host = 'bytes.localhost';
const pages = ['/', '/domains/search?q=example'];

process.on('SIGINT', () => void stopAll().then(() => process.exit(130)));
try {
  const before = machine();
  const cluster = await startCluster({
    instances: Number(values.instances),
    port: FRONT,
    env: {
      DATABASE_URL: startOwnPostgres(3560),
      REDIS_URL: await startOwnRedis(3561),
      // Logs of every request would cost the instances more than the pages themselves.
      LOG_LEVEL: 'warn',
    },
  });
  const instancePort = Number(new URL(cluster.instances[0].url).port);
  const rows = [];
  for (const page of pages) {
    for (const headers of [{}, { 'accept-encoding': 'br, gzip' }]) {
      // Warm both caches (Next's on the instance, nginx's in front).
      await measure({ port: instancePort, path: page, host, duration: 2, connections: 4, headers });
      await measure({ port: FRONT, path: page, host, duration: 2, connections: 4, headers });
      const one = await measure({
        port: instancePort,
        path: page,
        host,
        duration,
        connections,
        headers,
      });
      const front = await measure({
        port: FRONT,
        path: page,
        host,
        duration,
        connections,
        headers,
      });
      rows.push({
        page: `${host}${page}`,
        encoding: headers['accept-encoding'] ?? 'identity',
        instance_rps: Math.round(one.rps),
        instance_p99_ms: one.p99,
        front_rps: Math.round(front.rps),
        front_p99_ms: front.p99,
        ratio: Number((front.rps / one.rps).toFixed(1)),
      });
      console.error(JSON.stringify(rows.at(-1)));
    }
  }
  console.log(
    JSON.stringify(
      {
        bench: 'front-cache',
        duration_s: duration,
        connections,
        machine_before: before,
        machine_after: machine(),
        rows,
      },
      null,
      2,
    ),
  );
} finally {
  await stopAll();
}
