import 'server-only';
import { Resolver } from 'node:dns/promises';
import { getEnv } from '@/lib/env';

/** The TXT record that proves a host: `_storefront-verify.{host}`. */
export const verifyRecordName = (host: string) => `_storefront-verify.${host}`;

export type RecordCheck = { seen: boolean } | { seen: false; unreachable: true };

/**
 * Asks the resolvers (DNS_RESOLVERS, else the system's) whether the host's TXT record holds the
 * token. A name with no such record is "not seen"; resolvers that cannot be reached are reported
 * apart, so a DNS outage never counts as the record being gone (decision 0177).
 */
export async function checkVerifyRecord(host: string, token: string): Promise<RecordCheck> {
  const resolver = new Resolver({ timeout: 2_000, tries: 2 });
  const servers = getEnv().DNS_RESOLVERS;
  if (servers.length > 0) resolver.setServers(servers);
  try {
    const records = await resolver.resolveTxt(verifyRecordName(host));
    return { seen: records.some((chunks) => chunks.join('') === token) };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') return { seen: false };
    return { seen: false, unreachable: true };
  }
}
