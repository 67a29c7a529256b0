import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local RDAP server (RFC 9083 answers) for tests and benchmarks: `taken` names answer 200 with a
 * domain object, others 404; `latencyMs` delays every answer; `failTlds` answer 503; `hangTlds`
 * never answer. Counts the lookups it served, the most it had in flight at once and the
 * connections it accepted.
 */
export async function startRdapServer(options: {
  taken?: Iterable<string>;
  latencyMs?: number;
  failTlds?: Iterable<string>;
  hangTlds?: Iterable<string>;
}) {
  const taken = new Set(options.taken ?? []);
  const fail = new Set(options.failTlds ?? []);
  const hang = new Set(options.hangTlds ?? []);
  const state = {
    latencyMs: options.latencyMs ?? 0,
    lookups: 0,
    inFlight: 0,
    maxInFlight: 0,
    connections: 0,
  };
  const server: Server = createServer((req, res) => {
    const match = /^\/domain\/([^/?]+)$/.exec(req.url ?? '');
    state.lookups++;
    state.inFlight++;
    state.maxInFlight = Math.max(state.maxInFlight, state.inFlight);
    res.on('close', () => state.inFlight--);
    const domain = match ? decodeURIComponent(match[1]!).toLowerCase() : '';
    const tld = domain.slice(domain.lastIndexOf('.') + 1);
    if (hang.has(tld)) return; // never answers: the caller's timeout must fire
    setTimeout(() => {
      res.setHeader('content-type', 'application/rdap+json');
      if (!match) {
        res.statusCode = 400;
        res.end(JSON.stringify({ errorCode: 400, title: 'bad request' }));
      } else if (fail.has(tld)) {
        res.statusCode = 503;
        res.end(JSON.stringify({ errorCode: 503, title: 'unavailable' }));
      } else if (taken.has(domain)) {
        res.statusCode = 200;
        res.end(
          JSON.stringify({
            objectClassName: 'domain',
            ldhName: domain,
            rdapConformance: ['rdap_level_0'],
            status: ['active'],
          }),
        );
      } else {
        res.statusCode = 404;
        res.end(JSON.stringify({ errorCode: 404, title: 'not found' }));
      }
    }, state.latencyMs);
  });
  server.on('connection', () => state.connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    state,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
