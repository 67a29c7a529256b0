import 'server-only';
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
  return {
    name: 'rdap',
    async check(domain, signal) {
      const tld = domain.slice(domain.lastIndexOf('.') + 1);
      const base = override ?? bases.get(tld);
      if (!base) throw new RdapError(`no RDAP server for .${tld}`);
      const response = await fetch(new URL(`domain/${encodeURIComponent(domain)}`, base), {
        headers: { accept: 'application/rdap+json, application/json' },
        signal,
        redirect: 'follow',
      });
      // The body is not needed; drop it so the connection can be reused.
      await response.body?.cancel();
      if (response.status === 404) return 'available';
      if (response.status === 200) return 'taken';
      throw new RdapError(`RDAP answered ${response.status} for ${domain}`);
    },
  };
}
