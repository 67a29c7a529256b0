// A local RDAP server (RFC 9083 answers) for the benchmark: every answer after `latencyMs`;
// names in `taken` answer 200 with a domain object, others 404.
import { createServer } from 'node:http';

export async function startRdapServer({ latencyMs = 50, taken = [] } = {}) {
  const names = new Set(taken);
  let lookups = 0;
  const server = createServer((req, res) => {
    lookups++;
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
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/`,
    lookups: () => lookups,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}
