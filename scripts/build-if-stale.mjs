// Builds when the build is missing or older than the sources, then marks the client chunks with
// V8's compile hint (docs/decisions/0114). Shared by `npm start` and the browser suite's runner,
// which builds once before its halves start servers of their own on the same build.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { addCompileHints } from './compile-hints.mjs';

const root = path.resolve(import.meta.dirname, '..');
const SOURCES = ['src', 'public', 'drizzle', 'next.config.ts', 'package.json', 'tsconfig.json'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target))
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

/** Exits the process with the build's status when the build fails. */
export function buildIfStale(env = process.env) {
  const distDir = path.join(root, env.NEXT_DIST_DIR || '.next');
  const buildId = path.join(distDir, 'BUILD_ID');
  const builtAt = existsSync(buildId) ? statSync(buildId).mtimeMs : 0;
  if (builtAt === 0 || SOURCES.some((s) => newestMtime(path.join(root, s)) > builtAt)) {
    console.log(
      builtAt === 0 ? 'no build yet: building' : 'sources changed since the last build: building',
    );
    const result = spawnSync(path.join(root, 'node_modules', '.bin', 'next'), ['build'], {
      cwd: root,
      stdio: 'inherit',
      env: { ...env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
  // COMPILE_HINTS=off leaves the chunks as built (bench/lighthouse-sweep.mjs --compare).
  if (env.COMPILE_HINTS !== 'off') addCompileHints(distDir);
}
