import 'server-only';
import { getEnv } from '@/lib/env';
import { txtStrings } from '../records';

/** PowerDNS Authoritative's HTTP API (docs/decisions/0200): the only way the product talks to it. */

export type PdnsConfig = { url: string; key: string; serverId: string };

/** The configured API, or null: DNS hosting is off. */
export function pdnsConfig(): PdnsConfig | null {
  const env = getEnv();
  if (!env.PDNS_API_URL) return null;
  return {
    url: env.PDNS_API_URL.replace(/\/+$/, ''),
    key: env.PDNS_API_KEY ?? '',
    serverId: env.PDNS_SERVER_ID,
  };
}

export class PdnsError extends Error {
  readonly code = 'pdns_unavailable';
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'PdnsError';
  }
}

/** The HTTP status PowerDNS answered with, read by the error's code (never instanceof). */
export function pdnsStatus(error: unknown): number | null {
  const e = error as { code?: unknown; status?: unknown } | null;
  return e?.code === 'pdns_unavailable' && typeof e.status === 'number' ? e.status : null;
}

export async function pdns(
  config: PdnsConfig,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  let answer: Response;
  try {
    answer = await fetch(`${config.url}/api/v1/servers/${config.serverId}${path}`, {
      method,
      headers: { 'x-api-key': config.key, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (error) {
    throw new PdnsError(`PowerDNS is not answering: ${String(error)}`, 0);
  }
  const text = await answer.text();
  if (!answer.ok)
    throw new PdnsError(`PowerDNS ${method} ${path}: ${answer.status} ${text}`, answer.status);
  return text ? (JSON.parse(text) as unknown) : null;
}

const fqdn = (name: string, zone: string) => (name === '@' ? `${zone}.` : `${name}.${zone}.`);
const dotted = (host: string) => (host === '.' || host.endsWith('.') ? host : `${host}.`);

/** A stored record's content as PowerDNS writes it. */
export function pdnsContent(record: { type: string; content: string; priority: number | null }) {
  switch (record.type) {
    case 'CNAME':
    case 'NS':
      return dotted(record.content);
    case 'MX':
      return `${record.priority} ${dotted(record.content)}`;
    case 'SRV': {
      const [weight, port, target] = record.content.split(' ');
      return `${record.priority} ${weight} ${port} ${dotted(target!)}`;
    }
    case 'TXT':
      return txtStrings(record.content)
        .map((s) => `"${s.replaceAll('\\', '\\\\')}"`)
        .join(' ');
    default:
      return record.content;
  }
}

export type RrsetRecord = { content: string; ttl: number; priority: number | null };

/** The rrset of one name and type, replaced whole (or deleted when empty). */
export function rrset(zone: string, name: string, type: string, records: RrsetRecord[]) {
  if (records.length === 0) return { name: fqdn(name, zone), type, changetype: 'DELETE' };
  return {
    name: fqdn(name, zone),
    type,
    // One TTL per rrset (RFC 2181 5.2): the lowest of its records.
    ttl: Math.min(...records.map((r) => r.ttl)),
    changetype: 'REPLACE',
    records: records.map((r) => ({ content: pdnsContent({ type, ...r }), disabled: false })),
  };
}

export function soaRrset(zone: string, nameservers: string[], serial: number) {
  const [primary] = nameservers;
  return {
    name: `${zone}.`,
    type: 'SOA',
    ttl: 3600,
    changetype: 'REPLACE',
    records: [
      {
        content: `${dotted(primary!)} hostmaster.${zone}. ${serial} 10800 3600 604800 3600`,
        disabled: false,
      },
    ],
  };
}
