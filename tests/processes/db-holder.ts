// A stand-in for the server in tests of the embedded database's lock: opens DATABASE_URL
// through app-db as the server does, answers GET /api/dev/outbox with the real route, advertises
// itself in the lock file, and writes one kept SMS every few milliseconds until SIGTERM. Prints
// `ready <port>` once serving, and `wrote <n>` (messages committed) when it has closed.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NextRequest } from 'next/server';
import { appDatabase, closeAppDatabase } from '../../src/lib/db/app-db';
import { sendSms } from '../../src/lib/mail/outbox.server';
import { GET as outboxRoute } from '../../src/app/api/dev/outbox/route';

// Renamed as the server renames itself (scripts/serve.mjs): the lock must still know it.
process.title = 'next-server (storefront)';
const recipient = process.argv[2] ?? '+440000000000';
const { lock } = await appDatabase();

const server = createServer(async (req, res) => {
  const request = new NextRequest(`http://127.0.0.1${req.url}`, {
    headers: req.headers as Record<string, string>,
  });
  const response = req.url?.startsWith('/api/dev/outbox')
    ? await outboxRoute(request)
    : new Response(null, { status: 404 });
  res.writeHead(response.status, { 'content-type': 'application/json' });
  res.end(Buffer.from(await response.arrayBuffer()));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;
lock!.advertiseServer(`http://127.0.0.1:${port}`);

let wrote = 0;
let stopping = false;
const writing = (async () => {
  while (!stopping) {
    await sendSms({ storeKey: 'nameport', to: recipient, text: `message ${wrote + 1}` });
    wrote++;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
})();

process.on('SIGTERM', async () => {
  stopping = true;
  await writing;
  server.close();
  await closeAppDatabase();
  console.log(`wrote ${wrote}`);
  process.exit(0);
});
console.log(`ready ${port}`);
