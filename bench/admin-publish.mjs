// Publish-to-visible (issue 26, point 11): how long after a staff member presses Publish on one
// instance a shopper on ANOTHER instance gets a page with the new theme. Two production servers
// (scripts/serve.mjs, the existing build) share one PostgreSQL database and one Redis, as
// tests/e2e/multi-instance.spec.ts runs them. The demo owner of bytes.localhost signs in on the
// first and sets up an authenticator app (the admin asks for a second factor); each round saves
// a draft with a new banner, then times from the publish call's start until the second instance
// serves the store's home page with that banner (polled every 5 ms, with the page already cached
// there before the round). Prints p50/p99/max over the rounds.
//
//   node bench/admin-publish.mjs [--rounds 50] [--port 3790]
//   (needs `npm run build` first; PostgreSQL at BENCH_POSTGRES_URL, Redis at BENCH_REDIS_URL)
import { randomBytes } from 'node:crypto';
import {
  call,
  ms,
  option,
  percentile,
  signInOwner,
  startInstance,
  stopInstances,
  withBenchDatabase,
} from './admin-support.mjs';

const ROUNDS = option('rounds', 50);
const BASE = option('port', 3790);
const PORTS = [BASE, BASE + 1];

const bannerOf = (html) => /<p class="[^"]*banner[^"]*">([^<]*)<\/p>/.exec(html)?.[1];

async function main(databaseUrl) {
  const instances = [];
  try {
    // One after the other: the first migrates and seeds.
    for (const port of PORTS) instances.push(await startInstance(port, databaseUrl));
    const [first, second] = PORTS;
    const staff = await signInOwner(first);
    const draft = (await staff('GET', '/api/store-admin/theme/draft')).json.data;
    if (!draft) throw new Error('the theme editor did not answer');

    const times = [];
    for (let round = 0; round < ROUNDS; round++) {
      const banner = `Bench banner ${round} ${randomBytes(3).toString('hex')}`;
      const saved = await staff('PUT', '/api/store-admin/theme/draft', {
        theme: draft.theme,
        variables: { ...draft.variables, bannerText: banner },
      });
      if (saved.status !== 200) throw new Error(`draft: ${saved.text}`);
      // The shopper's instance has the current page cached.
      await call(second, 'GET', '/');
      const start = performance.now();
      const published = await staff('POST', '/api/store-admin/theme/publish');
      if (published.status !== 201) throw new Error(`publish: ${published.text}`);
      for (;;) {
        const page = await call(second, 'GET', '/');
        if (bannerOf(page.text) === banner) break;
        if (performance.now() - start > 30_000)
          throw new Error(`round ${round}: not visible in 30 s`);
        await new Promise((r) => setTimeout(r, 5));
      }
      times.push(performance.now() - start);
    }
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `publish-to-visible on another instance, ${ROUNDS} rounds: p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1))}, min ${ms(sorted[0])}`,
    );
  } finally {
    await stopInstances(instances);
  }
}

await withBenchDatabase(main);
