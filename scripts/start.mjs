// `npm start`: check the configuration, build when the build is missing or older than the
// sources, migrate and seed, then serve. The server also migrates and seeds at start
// (src/instrumentation.ts), which is a no-op when this script has done it.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { buildIfStale } from './build-if-stale.mjs';
import { serverNodeOptions } from './server-heap.mjs';

const root = path.resolve(import.meta.dirname, '..');
const run = (cmd, args, env = process.env) => {
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

run(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/check-env.ts']);

buildIfStale();

// Migrate and seed in a short-lived process first: creating a fresh PGlite database (initdb)
// leaves hundreds of MB allocated in the process that did it, and the server should not carry
// that. (An in-memory PGlite exists only inside the server, so it is set up there.)
if (process.env.DATABASE_URL !== 'pglite:memory') {
  run(process.execPath, ['--conditions=react-server', '--import', 'tsx', 'scripts/db.ts', 'seed']);
}

const port = process.env.PORT || '3000';
// scripts/serve.mjs is `next start` plus what Next cannot be told to do: X-Forwarded-For set from
// the socket, so rate limits see the client's real address (docs/decisions/0023), and pages that
// paint before their JavaScript loads (0015), cached pages compressed once (0017).
const server = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs')], {
  cwd: root,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_ENV: 'production',
    PORT: port,
    // V8 grows its heap freely under load; a cap makes it collect sooner and keeps resident memory
    // low and flat (docs/decisions/0014-server-heap.md, 0280).
    NODE_OPTIONS: serverNodeOptions(process.env),
  },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
