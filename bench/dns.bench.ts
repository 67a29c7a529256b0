import { NextRequest } from 'next/server';
import { expect, it } from 'vitest';
import { startPowerDns } from '../tests/support/powerdns';

// DNS hosting benchmark (issue 28), in one process against a real PowerDNS (SQLite backend):
// 1. ZONES domains are bought (10 orders of ZONES/10 domains, demo payment); each payment queues
//    its zones; then the job queue (`dns.sync`) creates them in PowerDNS: time and failures.
// 2. 16 customers add records to their zones in a loop for SECONDS seconds (route handlers
//    called in process, as the server would); the same 16 callers then ask the /check-health
//    gate (src/proxy.ts) for as long: the ratio of the two rates.
// Usage: npx vitest run --config bench/vitest.dns.config.ts   (BENCH_ZONES, BENCH_SECONDS)
const ZONES = Number(process.env.BENCH_ZONES ?? 1000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CUSTOMERS = 16;
process.env.TEST_CLOCK = 'true';
process.env.RATE_LIMIT_SCALE = '1000';
const pdns = await startPowerDns();
process.env.PDNS_API_URL = pdns.url;
process.env.PDNS_API_KEY = pdns.key;

const { buyer, checkoutRoutes } = await import('../tests/support/checkout');
const routes = await checkoutRoutes();
const dnsRoute = await import('@/app/api/services/[id]/dns/route');
const { proxy } = await import('@/proxy');
const { appDb } = await import('@/lib/db/app-db');
const { seedDemoData } = await import('@/features/demo/server/demo-seed.server');
const { dnsZones } = await import('@/lib/db/schema');
const jobs = await import('@/lib/jobs/process-queue.server');
await import('@/features/dns/server/sync-job.server');
await jobs.runJobsInThisProcess();

it('creates zones by the job queue and takes record changes under 16 customers', async () => {
  await seedDemoData(await appDb(), { demoStores: true });
  const stem = `bench${Date.now().toString(36)}`;
  const owners: Awaited<ReturnType<typeof buyer>>[] = [];
  const perOrder = Math.ceil(ZONES / 10);
  for (let o = 0; o < 10; o++) {
    const b = await buyer(routes);
    owners.push(b);
    for (let i = 0; i < perOrder && o * perOrder + i < ZONES; i++) {
      expect(
        (
          await b.addToCart({
            type: 'domain_registration',
            domain: `${stem}-${o}-${i}.com`,
            years: 1,
          })
        ).status,
      ).toBe(200);
    }
    const checked = await b.checkout();
    const placed = await b.order({
      cart_version: checked.body.data.cart.version,
      accept_terms: true,
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    expect((await b.demo(placed.body.data.payment.id, 'succeed')).status).toBe(200);
  }
  const started = performance.now();
  await jobs.runDueJobs();
  const zoneSeconds = (performance.now() - started) / 1000;
  const rows = await (await appDb()).select().from(dnsZones);
  const ours = rows.filter((z) => z.zone.startsWith(stem));
  const unsynced = ours.filter((z) => z.appliedSerial < z.serial).length;
  const served = (await (
    await fetch(`${pdns.url}/api/v1/servers/localhost/zones`, {
      headers: { 'x-api-key': pdns.key },
    })
  ).json()) as { name: string }[];
  const inPdns = served.filter((z) => z.name.startsWith(stem)).length;
  console.log(
    `zones: ${ours.length} made, ${inPdns} in PowerDNS, ${unsynced} not synced, job queue ${zoneSeconds.toFixed(1)} s (${(ours.length / zoneSeconds).toFixed(1)} zones/s)`,
  );

  // Part 2: 16 customers, each on a zone of their own.
  const list = await Promise.all(
    owners.map(
      async (b) => (await b.services()).body.data.services as { id: string; type: string }[],
    ),
  );
  const callers = Array.from({ length: CUSTOMERS }, (_, i) => {
    const owner = owners[i % owners.length]!;
    const services = list[i % owners.length]!.filter((s) => s.type === 'domain');
    return { owner, serviceId: services[Math.floor(i / owners.length)]!.id };
  });
  let n = 0;
  let failures = 0;
  const until = (ms: number) => performance.now() + ms;
  const end = until(SECONDS * 1000);
  await Promise.all(
    callers.map(async ({ owner, serviceId }) => {
      while (performance.now() < end) {
        const answer = await owner.agent.call(dnsRoute.POST, `/api/services/${serviceId}/dns`, {
          method: 'POST',
          json: { name: `r${n++}`, type: 'A', content: '192.0.2.1', ttl: 300 },
          params: { id: serviceId },
          headers: owner.headers(),
        });
        if (answer.status !== 201) failures++;
      }
    }),
  );
  const changesPerSecond = n / SECONDS;
  let h = 0;
  const healthEnd = until(SECONDS * 1000);
  await Promise.all(
    callers.map(async () => {
      while (performance.now() < healthEnd) {
        const answer = proxy(new NextRequest('http://nameport.localhost/check-health'));
        await answer.text();
        h++;
        await new Promise((r) => setImmediate(r));
      }
    }),
  );
  const healthPerSecond = h / SECONDS;
  console.log(
    `record changes: ${changesPerSecond.toFixed(1)}/s under ${CUSTOMERS} customers (${failures} failed); /check-health ${healthPerSecond.toFixed(0)}/s; ratio ${(changesPerSecond / healthPerSecond).toFixed(4)}`,
  );
  await jobs.runDueJobs();
  await pdns.close();
  expect(unsynced).toBe(0);
});
