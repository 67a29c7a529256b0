import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { availabilityChecker } from '@/features/catalog/server/availability.server';
import bootstrap from '@/features/catalog/server/rdap-bootstrap.json';
import {
  MAX_SOCKETS_PER_REGISTRY,
  parseBootstrap,
  rdapBases,
  rdapProvider,
  readBootstrapFile,
} from '@/features/catalog/server/rdap-provider.server';
import { startRdapServer } from '../support/rdap-server';

type Rdap = Awaited<ReturnType<typeof startRdapServer>>;
let fast: Rdap;
let slow: Rdap;

beforeAll(async () => {
  fast = await startRdapServer({ taken: ['taken.com', 'taken.org'], failTlds: ['link'] });
  slow = await startRdapServer({ latencyMs: 400 });
});
afterAll(async () => {
  await fast.close();
  await slow.close();
});

/** A bootstrap file in the IANA format whose registries are the local servers. */
function localBootstrap() {
  return parseBootstrap({
    version: '1.0',
    publication: '2026-11-01T00:00:00Z',
    services: [
      [['com', 'org', 'link'], [fast.url]],
      [['app'], [slow.url]],
    ],
  });
}

describe('RDAP availability provider', () => {
  it('reads 404 as available and 200 as taken from the registry its bootstrap names', async () => {
    const checker = availabilityChecker(rdapProvider({ bootstrap: localBootstrap() }), {
      timeoutMs: 1000,
      cacheMs: 0,
    });
    const answers = await checker.checkAll(['taken.com', 'free-name.com', 'taken.org']);
    expect(Object.fromEntries(answers)).toEqual({
      'taken.com': 'taken',
      'free-name.com': 'available',
      'taken.org': 'taken',
    });
  });

  it('marks only the TLDs of a slow or failing registry unknown, and never fails', async () => {
    const checker = availabilityChecker(rdapProvider({ bootstrap: localBootstrap() }), {
      timeoutMs: 150,
      cacheMs: 0,
    });
    const answers = await checker.checkAll(['taken.com', 'name.app', 'name.link', 'name.xyz']);
    expect(Object.fromEntries(answers)).toEqual({
      'taken.com': 'taken',
      'name.app': 'unknown', // 400 ms registry, 150 ms timeout
      'name.link': 'unknown', // 503
      'name.xyz': 'unknown', // no registry in the bootstrap file
    });
  });

  it('runs lookups in parallel: the registry sees all ten at once', async () => {
    const checker = availabilityChecker(
      rdapProvider({ bootstrap: localBootstrap(), baseOverride: slow.url }),
      { timeoutMs: 3000, cacheMs: 0 },
    );
    const domains = Array.from({ length: 10 }, (_, i) => `parallel${i}.com`);
    slow.state.maxInFlight = 0;
    const answers = await checker.checkAll(domains);
    expect([...answers.values()].every((a) => a === 'available')).toBe(true);
    expect(slow.state.maxInFlight).toBe(10);
  });

  it('opens at most 256 connections to one registry and keeps them for the next search', async () => {
    const checker = availabilityChecker(
      rdapProvider({ bootstrap: localBootstrap(), baseOverride: slow.url }),
      { timeoutMs: 5000, cacheMs: 0 },
    );
    const search = (prefix: string) =>
      checker.checkAll(Array.from({ length: 300 }, (_, i) => `${prefix}${i}.com`));
    slow.state.maxInFlight = 0;
    const first = await search('pool');
    expect([...first.values()].every((a) => a === 'available')).toBe(true);
    expect(slow.state.maxInFlight).toBe(MAX_SOCKETS_PER_REGISTRY);
    const connections = slow.state.connections;
    const second = await search('again');
    expect([...second.values()].every((a) => a === 'available')).toBe(true);
    expect(slow.state.connections).toBe(connections);
  });

  it('follows a registry’s redirect to its answer, and a redirect loop leaves the name unknown', async () => {
    // A registry that moved: /domain/... answers 302 to the fast server; /loop/... to itself.
    const moved = createServer((req, res) => {
      const target = req.url!.startsWith('/loop/') ? req.url! : `${fast.url}${req.url!.slice(1)}`;
      res.writeHead(302, { location: target }).end();
    });
    await new Promise<void>((resolve) => moved.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(moved.address() as AddressInfo).port}/`;
    try {
      const follows = availabilityChecker(
        rdapProvider({ bootstrap: localBootstrap(), baseOverride: url }),
        { timeoutMs: 1000, cacheMs: 0 },
      );
      const answers = await follows.checkAll(['taken.com', 'moved-free.com']);
      expect(Object.fromEntries(answers)).toEqual({
        'taken.com': 'taken',
        'moved-free.com': 'available',
      });
      const loops = availabilityChecker(
        rdapProvider({ bootstrap: localBootstrap(), baseOverride: `${url}loop/` }),
        { timeoutMs: 1000, cacheMs: 0 },
      );
      expect((await loops.checkAll(['looping.com'])).get('looping.com')).toBe('unknown');
    } finally {
      moved.closeAllConnections();
      await new Promise((resolve) => moved.close(resolve));
    }
  });

  it('keeps answers briefly: a second search asks the registry nothing', async () => {
    const checker = availabilityChecker(rdapProvider({ bootstrap: localBootstrap() }), {
      timeoutMs: 1000,
      cacheMs: 60_000,
    });
    await checker.checkAll(['cached.com', 'taken.com']);
    const before = fast.state.lookups;
    const again = await checker.checkAll(['cached.com', 'taken.com']);
    expect(fast.state.lookups).toBe(before);
    expect(again.get('taken.com')).toBe('taken');
  });

  it('ships a bootstrap file in the IANA format with a registry for every TLD sold', () => {
    const bases = rdapBases(parseBootstrap(bootstrap));
    for (const tld of ['app', 'co', 'com', 'link', 'org', 'uk', 'us']) {
      expect(bases.get(tld)).toMatch(/^https:\/\/.+\/$/);
    }
  });
});

describe('an operator\u2019s bootstrap file (RDAP_BOOTSTRAP_FILE)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'rdap-bootstrap-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const file = (name: string, text: string) => {
    const at = path.join(dir, name);
    writeFileSync(at, text);
    return at;
  };

  it('sends each TLD to the registry the file names', async () => {
    const at = file('dns.json', JSON.stringify(localBootstrap()));
    const checker = availabilityChecker(rdapProvider({ bootstrap: readBootstrapFile(at) }), {
      timeoutMs: 1000,
      cacheMs: 0,
    });
    const before = fast.state.lookups;
    const answers = await checker.checkAll(['taken.com', 'free-name.org']);
    expect(Object.fromEntries(answers)).toEqual({
      'taken.com': 'taken',
      'free-name.org': 'available',
    });
    expect(fast.state.lookups - before).toBe(2);
  });

  it('names the file and what is wrong with it: missing, not JSON, not a bootstrap file', () => {
    const missing = path.join(dir, 'nowhere.json');
    expect(() => readBootstrapFile(missing)).toThrow(
      new RegExp(`^RDAP_BOOTSTRAP_FILE: cannot read ${missing} as JSON`),
    );
    const broken = file('broken.json', '{"services": [');
    expect(() => readBootstrapFile(broken)).toThrow(/cannot read .*broken\.json as JSON/);
    const other = file('other.json', JSON.stringify({ version: '1.0', services: 'none' }));
    expect(() => readBootstrapFile(other)).toThrow(
      /other\.json is not an RDAP bootstrap file \(RFC 9224\): publication: /,
    );
  });
});
