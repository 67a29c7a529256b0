// Lighthouse mobile performance of a page, in Debian's Chromium, median of several runs.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * Runs Lighthouse (mobile preset, simulated throttling) `runs` times; answers the medians.
 * `headers` go with every request of the page (a signed-in customer's Cookie).
 */
export async function lighthouseMobile(url, runs = 3, { headers } = {}) {
  const results = [];
  // A run Lighthouse could not finish (its runtimeError, or a metric it could not compute) is
  // said and made again, at most twice in all, rather than taken into the median.
  let failed = 0;
  for (let i = 0; i < runs; i++) {
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: FLAGS,
    });
    try {
      const { lhr } = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        ...(headers ? { extraHeaders: headers } : {}),
      });
      // LH_DEBUG=dir keeps each run's whole report there, to see what a figure is made of.
      if (process.env.LH_DEBUG) {
        const { writeFileSync } = await import('node:fs');
        const name = url.replace(/[^a-z0-9]+/gi, '_');
        writeFileSync(
          `${process.env.LH_DEBUG}/${name}-${Date.now()}-${i}.json`,
          JSON.stringify(lhr),
        );
      }
      const problem =
        lhr.runtimeError?.code ??
        (['largest-contentful-paint', 'cumulative-layout-shift', 'total-blocking-time'].some(
          (id) => typeof lhr.audits[id]?.numericValue !== 'number',
        )
          ? 'a metric is missing'
          : null);
      if (problem) {
        failed++;
        console.warn(`lighthouse: ${url} run ${i + 1} failed (${problem})`);
        if (failed > 2) throw new Error(`lighthouse: ${url} failed ${failed} times (${problem})`);
        i--;
        continue;
      }
      results.push({
        score: Math.round(lhr.categories.performance.score * 100),
        lcp: lhr.audits['largest-contentful-paint'].numericValue,
        cls: lhr.audits['cumulative-layout-shift'].numericValue,
        tbt: lhr.audits['total-blocking-time'].numericValue,
        // The longest main-thread task, as Lighthouse estimates it on its mobile CPU (none over
        // 200 ms).
        // Lighthouse's own measure of this machine's CPU speed at the time of the run: the same
        // page's TBT varies with it, so a table of times is read beside it.
        benchmarkIndex: lhr.environment?.benchmarkIndex ?? 0,
        longestTask: Math.max(
          0,
          ...(lhr.audits['long-tasks']?.details?.items ?? []).map((t) => t.duration ?? 0),
        ),
      });
    } finally {
      await chrome.kill();
    }
  }
  return {
    score: median(results.map((r) => r.score)),
    lcpMs: median(results.map((r) => r.lcp)),
    cls: median(results.map((r) => r.cls)),
    tbtMs: median(results.map((r) => r.tbt)),
    longestTaskMs: median(results.map((r) => r.longestTask)),
    benchmarkIndex: median(results.map((r) => r.benchmarkIndex)),
    runs: results,
  };
}
