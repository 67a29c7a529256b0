import type { BuiltInBrandKey, HostGroups } from './brands';

/**
 * docs/contract/brands-and-hosts.md rules 1-3: which (normalised) hosts belong to a built-in brand
 * and which need the store lookup. Pure functions, shared by proxy.ts and the store service.
 */

export type HostMatch =
  { kind: 'built-in'; brand: BuiltInBrandKey; host: string } | { kind: 'lookup'; host: string };

/**
 * Rules 1-3. A known host gives its brand. A host that is one extra label in front of a known
 * multi-label host (www.nameport.example) is normalised to it. Single-label known hosts such as
 * `localhost` are exempt from rule 3, or every `*.localhost` store would become the domain brand.
 * Anything else goes to the store lookup (rule 4).
 */
export function matchHost(host: string, groups: HostGroups): HostMatch {
  for (const brand of Object.keys(groups) as BuiltInBrandKey[]) {
    if (groups[brand].includes(host)) return { kind: 'built-in', brand, host };
  }
  const dot = host.indexOf('.');
  if (dot > 0) {
    const parent = host.slice(dot + 1);
    if (parent.includes('.')) {
      for (const brand of Object.keys(groups) as BuiltInBrandKey[]) {
        if (groups[brand].includes(parent)) return { kind: 'built-in', brand, host: parent };
      }
    }
  }
  return { kind: 'lookup', host };
}

/**
 * The name a store goes by in the request log: a built-in brand's key, or the host a white-label
 * store is looked up by (the key of its cached pages and of the operator call). Pages know only
 * the host before the database is asked, so API calls use the same name (docs/decisions/0045).
 */
export function storeKeyOf(match: HostMatch): string {
  return match.kind === 'built-in' ? match.brand : match.host;
}
