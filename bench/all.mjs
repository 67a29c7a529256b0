// `npm run bench`: every benchmark in turn, each on its own fresh server; exits non-zero when any
// of them missed a target, after all of them have run.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

let failed = [];
for (const script of [
  'run.mjs',
  'auth.mjs',
  'cart.mjs',
  'checkout.mjs',
  'dashboard.mjs',
  'lighthouse-sweep.mjs',
]) {
  const { status } = spawnSync(
    process.execPath,
    [path.join(import.meta.dirname, script), ...process.argv.slice(2)],
    {
      stdio: 'inherit',
    },
  );
  if (status !== 0) failed.push(script);
}
if (failed.length > 0) {
  console.log(`\nmissed a target or failed: ${failed.join(', ')}`);
  process.exitCode = 1;
}
