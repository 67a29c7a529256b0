import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * `npm run cluster -- --tls`: options and settings it cannot work with stop it at once, with
 * exit code 2 and a message naming what is wrong, before it starts or builds anything
 * (tests/e2e/tls.spec.ts runs the whole path).
 */
const root = path.resolve(import.meta.dirname, '../..');

function cluster(args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['scripts/cluster.mjs', '--port', '3590', ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 20_000,
    env: {
      NODE_ENV: 'production',
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      TLS_ASK_SECRET: 'a-good-secret-0123456789',
      // Any file will do here: only its presence is checked before the settings.
      CADDY_BIN: process.execPath,
      // Never reached: every case below stops before the database is looked at.
      DATABASE_URL: 'pglite:memory',
      ...env,
    },
  });
  return { status: result.status, stderr: result.stderr };
}

describe('npm run cluster -- --tls', () => {
  it.each([
    [['--tls', '0'], {}, /--tls must be a port number/],
    [['--tls', '70000'], {}, /--tls must be a port number/],
    [['--tls-http', '3591'], {}, /--tls-http needs --tls/],
    [['--tls', '3592', '--tls-http', 'eighty'], {}, /--tls-http must be a port number/],
    [['--tls', '3592'], { CADDY_BIN: '/nonexistent/caddy' }, /no caddy at \/nonexistent\/caddy/],
    [['--tls', '3592'], { TLS_ASK_SECRET: 'short' }, /TLS_ASK_SECRET must be 16 or more/],
    [['--tls', '3592'], { TLS_ASK_SECRET: 'has a space in it, 0123456789' }, /TLS_ASK_SECRET/],
    [['--tls', '3592'], { CADDY_RENEW_INTERVAL: 'soon' }, /CADDY_RENEW_INTERVAL must be/],
    [['--tls', '3592'], { ACME_CA_ROOT: '/nonexistent/root.pem' }, /ACME_CA_ROOT names no file/],
  ])('%j with %j stops with a message', (args, env, message) => {
    const { status, stderr } = cluster(args, env as Record<string, string>);
    expect(stderr).toMatch(message);
    expect(status).toBe(2);
  });

  it('past the TLS settings, the usual checks follow (a postgres:// DATABASE_URL)', () => {
    const { status, stderr } = cluster(['--tls', '3592']);
    expect(stderr).toMatch(/DATABASE_URL must be a postgres:\/\/ URL/);
    expect(status).toBe(2);
  });
});
