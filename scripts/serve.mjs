// The production server: Next's request handler behind Node's own HTTP server. It exists for one
// reason: Next keeps a client-sent X-Forwarded-For as it is, so a route handler cannot tell a
// client's real address from one it made up. Here the header is rewritten from the socket before
// Next sees it: with TRUSTED_PROXY_HOPS=0 (the default) it is exactly the socket's address; with
// N trusted proxies in front, the socket's address is appended to the chain they built, and the
// application reads the client N entries from the right (src/lib/http/client-ip.ts).
import { createServer } from 'node:http';
import path from 'node:path';
import next from 'next';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || '0.0.0.0';
const trustedHops = Number(process.env.TRUSTED_PROXY_HOPS || 0);

// bench/support.mjs finds the server process by this name, as it did with `next start`.
process.title = 'next-server (storefront)';

const app = next({ dev: false, dir: root, port, hostname });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((req, res) => {
  const socketAddress = req.socket.remoteAddress ?? 'unknown';
  const given = req.headers['x-forwarded-for'];
  req.headers['x-forwarded-for'] =
    trustedHops > 0 && given ? `${String(given)}, ${socketAddress}` : socketAddress;
  handle(req, res);
});
// Behind a load balancer, idle keep-alive connections must outlive the balancer's own timeout.
server.keepAliveTimeout = 65_000;
server.listen(port, hostname, () => {
  console.log(`> ready on http://${hostname === '0.0.0.0' ? 'localhost' : hostname}:${port}`);
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
