// `npm run test:e2e`: the browser and HTTP suite, split into halves that run at the same time, each
// a whole Playwright run with its own production server on its own ports (docs/decisions/0285).
// One Playwright run keeps one browser and one server busy for about one core; a machine with two
// or more runs two halves. Arguments (spec files, -g, --headed...) make it one plain Playwright
// run, as before.
//
//   E2E_HALVES=1 npm run test:e2e      one run, every spec in turn
//   npm run test:e2e -- --record       also writes each spec's time to tests/e2e/durations.json
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
const specDir = path.join(root, 'tests/e2e');
const durationsFile = path.join(specDir, 'durations.json');
const playwright = path.join(root, 'node_modules', '.bin', 'playwright');
const basePort = Number(process.env.E2E_PORT ?? 3200);
// Each run uses its port and the hundred after it (tests/e2e/support.ts, cluster and TLS specs).
const PORT_STRIDE = 200;

const args = process.argv.slice(2);
const record = args.includes('--record');
const passThrough = args.filter((a) => a !== '--record');
const halves =
  passThrough.length > 0
    ? 1
    : Math.max(1, Number(process.env.E2E_HALVES) || Math.min(2, availableParallelism()));

/** The recorded seconds of each spec, by its path below the test directory. */
const knownTimes = () =>
  existsSync(durationsFile) ? JSON.parse(readFileSync(durationsFile, 'utf8')) : {};

/** Every spec once, in the halves whose known times are the most even (longest first). */
function split(count) {
  const known = knownTimes();
  // The files Playwright's default testMatch finds, at any depth of the test directory.
  const specs = readdirSync(specDir, { recursive: true })
    .map((f) => f.toString().split(path.sep).join('/'))
    .filter((f) => /\.(spec|test)\.[cm]?[jt]sx?$/.test(f));
  // A spec without a recorded time counts as a middling one.
  const weight = (spec) => known[spec] ?? 10;
  specs.sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
  const parts = Array.from({ length: count }, () => ({ specs: [], seconds: 0 }));
  for (const spec of specs) {
    const lightest = parts.reduce((a, b) => (b.seconds < a.seconds ? b : a));
    lightest.specs.push(spec);
    lightest.seconds += weight(spec);
  }
  return parts;
}

/**
 * Seconds per spec file from a Playwright JSON report (one worker: the tests ran one after another).
 * A test's time is its own, plus the gap since the test before it: the hooks that ran between them
 * (a spec's servers start in its beforeAll).
 */
function specSeconds(report) {
  const results = [];
  const walk = (suite, file) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests)
        for (const result of t.results)
          results.push({ file, start: Date.parse(result.startTime), duration: result.duration });
    for (const child of suite.suites ?? []) walk(child, file);
  };
  for (const suite of report.suites ?? []) walk(suite, suite.file);
  results.sort((a, b) => a.start - b.start);
  const seconds = {};
  let previousEnd = results[0]?.start ?? 0;
  for (const { file, start, duration } of results) {
    seconds[file] = (seconds[file] ?? 0) + (Math.max(0, start - previousEnd) + duration) / 1000;
    previousEnd = start + duration;
  }
  return seconds;
}

buildIfStale();

// One mail server for the whole run would be bound by both halves: each takes its own port's.
const childEnv = { ...process.env };
if (halves > 1 && childEnv.SMTP_URL) {
  console.log('SMTP_URL is left out: each half runs its mailbox on its own E2E_PORT + 1');
  delete childEnv.SMTP_URL;
}

const children = new Set();
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });

function runHalf(index, specs) {
  const port = basePort + index * PORT_STRIDE;
  const reportDir = path.join(root, 'test-results');
  mkdirSync(reportDir, { recursive: true });
  const report = path.join(reportDir, `e2e-${port}.json`);
  const tag = halves > 1 ? `[${index + 1}/${halves}] ` : '';
  // Playwright reads each argument as a pattern anywhere in a path ("dns.spec.ts" would also run
  // store-admin-dns.spec.ts): each spec is named by its whole path below the test directory.
  const patterns = specs.map(
    (spec) => `/\\/tests\\/e2e\\/${spec.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}$/`,
  );
  const child = spawn(
    playwright,
    ['test', ...(record ? ['--reporter=list,json'] : []), ...patterns, ...passThrough],
    {
      cwd: root,
      env: { ...childEnv, E2E_PORT: String(port), PLAYWRIGHT_JSON_OUTPUT_NAME: report },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  children.add(child);
  // Whole lines, each tagged with its half, so two runs' output can be told apart.
  for (const [stream, out] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) out.write(`${tag}${line}\n`);
    });
    stream.on('end', () => rest && out.write(`${tag}${rest}\n`));
  }
  // 'close', not 'exit': the last lines (Playwright's summary of failures) are written by then.
  return new Promise((resolve) =>
    child.on('close', (code, signal) => {
      children.delete(child);
      resolve({ code: code ?? (signal ? 1 : 0), report });
    }),
  );
}

const started = Date.now();
const parts =
  halves > 1
    ? split(halves)
    : [{ specs: [], seconds: 0 }]; /* one run: Playwright's own list, or the arguments */
if (halves > 1)
  parts.forEach((part, i) =>
    console.log(
      `half ${i + 1}/${halves} on port ${basePort + i * PORT_STRIDE}: ${part.specs.length} specs, about ${Math.round(part.seconds)} s`,
    ),
  );
const results = await Promise.all(parts.map((part, i) => runHalf(i, part.specs)));

if (record) {
  // Merged into the times known: a run of some specs keeps the others'.
  const seconds = knownTimes();
  for (const { report } of results)
    if (existsSync(report))
      Object.assign(seconds, specSeconds(JSON.parse(readFileSync(report, 'utf8'))));
  const rounded = Object.fromEntries(
    Object.entries(seconds)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([spec, s]) => [spec, Math.round(s)]),
  );
  writeFileSync(durationsFile, `${JSON.stringify(rounded, null, 2)}\n`);
  console.log(`spec times written to ${path.relative(root, durationsFile)}`);
}

const failed = results.filter((r) => r.code !== 0).length;
console.log(
  `browser suite: ${halves === 1 ? 'one run' : `${halves} halves`}, ${failed ? `${failed} failed` : 'all passed'} in ${Math.round((Date.now() - started) / 1000)} s`,
);
process.exit(failed ? 1 : 0);
