import 'server-only';
import { readFileSync } from 'node:fs';
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { z } from 'zod';
import type { AvailabilityProvider } from './availability.server';

/** The IANA RDAP bootstrap format for DNS (RFC 9224): `services: [[tlds], [base URLs]][]`. */
const bootstrapSchema = z.object({
  version: z.string(),
  publication: z.string(),
  services: z.array(z.tuple([z.array(z.string().min(1)), z.array(z.url()).min(1)])),
});
export type RdapBootstrap = z.infer<typeof bootstrapSchema>;

/** Checks a bootstrap file's shape; a broken shipped copy stops the lookup setup loudly. */
export const parseBootstrap = (json: unknown): RdapBootstrap => bootstrapSchema.parse(json);

/**
 * An operator's bootstrap file (RDAP_BOOTSTRAP_FILE): IANA's current `dns.json`, or a private
 * one. Throws one line naming the file and what is wrong with it.
 */
export function readBootstrapFile(path: string): RdapBootstrap {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new Error(
      `RDAP_BOOTSTRAP_FILE: cannot read ${path} as JSON (${(error as Error).message})`,
    );
  }
  const parsed = bootstrapSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(
      `RDAP_BOOTSTRAP_FILE: ${path} is not an RDAP bootstrap file (RFC 9224): ${issue.path.join('.') || '(root)'}: ${issue.message}`,
    );
  }
  return parsed.data;
}

/**
 * Base URL per TLD from a bootstrap file. HTTPS bases are preferred, as RFC 9224 asks. A co.uk
 * name is looked up at the registry of its last label (uk), which is how the file lists them.
 */
export function rdapBases(bootstrap: RdapBootstrap): Map<string, string> {
  const bases = new Map<string, string>();
  for (const [tlds, urls] of bootstrap.services) {
    const url = urls.find((u) => u.startsWith('https://')) ?? urls[0];
    if (!url) continue;
    for (const tld of tlds) bases.set(tld.toLowerCase(), url.endsWith('/') ? url : `${url}/`);
  }
  return bases;
}

export class RdapError extends Error {
  override name = 'RdapError';
}

/** Connections open at once to one registry's RDAP server (docs/decisions/0282). */
export const MAX_SOCKETS_PER_REGISTRY = 256;

/** Redirects followed before a lookup counts as failed. */
const MAX_REDIRECTS = 3;

type Agents = { 'http:': HttpAgent; 'https:': HttpsAgent };

/**
 * The status of `GET url`, its body dropped, redirects followed. Node's own client with
 * keep-alive pools: a cold search sends dozens of lookups at once, and `fetch` spent several times
 * the processor time per lookup on its streams (decision 0274).
 */
function statusOf(
  url: URL,
  signal: AbortSignal | undefined,
  agents: Agents,
  redirects = MAX_REDIRECTS,
): Promise<number> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return Promise.reject(new RdapError(`RDAP redirected to ${url.protocol}`));
  }
  return new Promise((resolve, reject) => {
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(
      url,
      {
        headers: { accept: 'application/rdap+json, application/json' },
        agent: agents[url.protocol as keyof Agents],
        signal,
      },
      (res) => {
        // The body is not needed; reading it to the end frees the connection for the next lookup.
        res.resume();
        const status = res.statusCode ?? 0;
        const location = res.headers.location;
        if (status >= 300 && status < 400 && location) {
          if (redirects === 0) {
            reject(new RdapError(`RDAP redirected more than ${MAX_REDIRECTS} times for ${url}`));
            return;
          }
          let next: URL;
          try {
            next = new URL(location, url);
          } catch {
            reject(new RdapError(`RDAP redirected to an invalid address for ${url}`));
            return;
          }
          resolve(statusOf(next, signal, agents, redirects - 1));
          return;
        }
        resolve(status);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/**
 * Availability from the registries' RDAP servers (RFC 9083): `GET {base}domain/{name}` answers
 * 404 for a name nobody holds and 200 with the domain object for a registered one. Anything else
 * (5xx, 429, a redirect loop, no server for the TLD) throws, and the search shows "unknown".
 * `baseOverride` sends every lookup to one server (a private mirror, the tests' local server).
 */
export function rdapProvider(options: {
  bootstrap: RdapBootstrap;
  baseOverride?: string;
}): AvailabilityProvider {
  const bases = rdapBases(options.bootstrap);
  const override = options.baseOverride
    ? options.baseOverride.endsWith('/')
      ? options.baseOverride
      : `${options.baseOverride}/`
    : undefined;
  // One pool per provider: connections to each registry are kept and reused between searches.
  // At most MAX_SOCKETS_PER_REGISTRY at once to one registry, all of them kept when idle: past
  // that, a lookup waits for a connection instead of opening one that the pool would close again
  // at once (Node keeps 256 idle sockets per host), and a registry is not flooded.
  const pool = {
    keepAlive: true,
    maxSockets: MAX_SOCKETS_PER_REGISTRY,
    maxFreeSockets: MAX_SOCKETS_PER_REGISTRY,
  };
  const agents: Agents = { 'http:': new HttpAgent(pool), 'https:': new HttpsAgent(pool) };
  return {
    name: 'rdap',
    async check(domain, signal) {
      const tld = domain.slice(domain.lastIndexOf('.') + 1);
      const base = override ?? bases.get(tld);
      if (!base) throw new RdapError(`no RDAP server for .${tld}`);
      const status = await statusOf(
        new URL(`domain/${encodeURIComponent(domain)}`, base),
        signal,
        agents,
      );
      if (status === 404) return 'available';
      if (status === 200) return 'taken';
      throw new RdapError(`RDAP answered ${status} for ${domain}`);
    },
  };
}
