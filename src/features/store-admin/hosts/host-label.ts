import { utcMinute } from '@/lib/utc-minute';

/**
 * How a host is shown to its owner (decision 0329): an internationalised one in the letters they
 * typed, its punycode beside it, since the DNS records take the punycode ("shöp.example.com
 * (xn--shp-tna.example.com)"); any other as it is. `unicode` is the host's Unicode form, as the
 * hosts call answers it. Browser code may import this file.
 */
export function hostLabel(host: string, unicode: string | null | undefined): string {
  return !unicode || unicode === host ? host : `${unicode} (${host})`;
}

/** What the remove question and notice need of a host. */
type HostState = {
  status: 'pending' | 'verified' | 'record_missing';
  serving_until: string | null;
};

/**
 * What removing a host does, asked before it is done (decision 0329): a host that serves the
 * store stops at once (docs/tls.md: its visitors reach no store, and its certificate is not
 * renewed); one waiting for its TXT record never served it, or stopped when its record lapsed,
 * so only its claim ends.
 */
export function removalQuestion(row: HostState, label: string): string {
  if (row.status === 'pending')
    return `Remove ${label}? It does not serve the store, so visitors see no change; another store may then add it.`;
  if (row.status === 'record_missing' && row.serving_until)
    return `Remove ${label}? It stops serving the store at once, rather than at ${utcMinute(row.serving_until)}.`;
  return `Remove ${label}? It stops serving the store at once: visitors there find no store.`;
}

/** What the page says once a host is removed, for the state it was in. */
export function removedNotice(row: HostState, label: string): string {
  return row.status === 'pending'
    ? `${label} is removed.`
    : `${label} is removed: it no longer serves the store.`;
}

type AuditedChange = { action: string; target: string; before: unknown; after: unknown };

/**
 * A host's audit entry as the audit page shows it (decision 0329): the host it names, and the
 * `host` of its before and after, as `hostLabel` writes them; the `unicode` the hosts call
 * answers beside it is left out, since the label says it. Other entries are left as they are.
 * `unicodeOf` is the server's `hostUnicode`.
 */
export function withHostLabels<E extends AuditedChange>(
  entry: E,
  unicodeOf: (host: string) => string,
): E {
  if (!entry.action.startsWith('host.')) return entry;
  const label = (host: string) => hostLabel(host, unicodeOf(host));
  const side = (value: unknown) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
    const rest: Record<string, unknown> = { ...value };
    delete rest.unicode;
    return typeof rest.host === 'string' ? { ...rest, host: label(rest.host) } : rest;
  };
  return {
    ...entry,
    target: entry.target ? label(entry.target) : entry.target,
    before: side(entry.before),
    after: side(entry.after),
  };
}
