// Main-thread blocking time of a page in Chromium with its CPU really slowed four times (the
// factor Lighthouse's mobile preset simulates), from a performance trace: every task longer than
// 50 ms after the first contentful paint, and the sum of their time beyond 50 ms. Steadier than
// Lighthouse's simulated TBT on a machine whose speed drifts, so a change can be compared with its
// parent a few runs apart (docs/decisions/0114). Needs a running server, e.g. `npm start`.
// Usage: node bench/main-thread.mjs http://nameport.localhost:3000/ [runs=5]
import { chromium } from '@playwright/test';

const url = process.argv[2];
const runs = Number(process.argv[3] ?? 5);
if (!url) {
  console.error('usage: node bench/main-thread.mjs <url> [runs]');
  process.exit(2);
}
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
const blocking = [];
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const events = [];
    cdp.on('Tracing.dataCollected', (d) => events.push(...d.value));
    const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,toplevel,loading',
      transferMode: 'ReportEvents',
    });
    await page.goto(url, { waitUntil: 'load' });
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 });
    await page.waitForLoadState('networkidle');
    await cdp.send('Tracing.end');
    await complete;
    // The page's renderer main thread is the one that parsed its HTML.
    const parser = events.find((e) => e.name === 'ParseHTML');
    const mine = (e) => e.pid === parser.pid;
    const start = events.find((e) => e.name === 'navigationStart' && mine(e))?.ts ?? parser.ts;
    const fcp = events.find((e) => e.name === 'firstContentfulPaint' && mine(e))?.ts ?? start;
    const tasks = events.filter(
      (e) => mine(e) && e.tid === parser.tid && e.ph === 'X' && e.name === 'RunTask' && e.ts > fcp,
    );
    const long = tasks.map((t) => t.dur / 1000).filter((ms) => ms > 50);
    const sum = long.reduce((total, ms) => total + ms - 50, 0);
    blocking.push(sum);
    console.log(
      `run ${run + 1}: first paint ${Math.round((fcp - start) / 1000)} ms, blocking ${Math.round(sum)} ms, long tasks ${long.map(Math.round).join(', ') || 'none'} ms`,
    );
    await context.close();
  }
} finally {
  await browser.close();
}
const sorted = blocking.toSorted((a, b) => a - b);
console.log(
  `median blocking time after first paint (4x CPU): ${Math.round(sorted[Math.floor(sorted.length / 2)])} ms`,
);
