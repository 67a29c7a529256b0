import { domainToASCII } from 'node:url';
import { z } from 'zod';
import { normaliseHost } from '@/lib/http/host';
import { asciiIdnRefusal, toUnicode } from '@/features/catalog/server/domain-name.server';

/** An address pasted from the browser's bar: a scheme, the host, at most a closing slash. */
const PASTED_ADDRESS = /^https?:\/\/([^/:?#@]+)\/?$/i;

/**
 * A host name an owner types: trimmed, lower-cased, an IDN turned into its punycode form
 * (bücher.example -> xn--bcher-kva.example), a trailing dot dropped; an address pasted whole
 * (https://Shop.Example.com/) is taken as its host. Refused: control characters, ports, paths,
 * IP literals, a single label, anything that is not a DNS host name. A host being added must also
 * pass `hostNameRule`; a host in a call's path is read with this alone, so a host claimed before
 * that rule (decision 0329) can still be verified or removed.
 */
export function parseHostName(raw: string): string | null {
  // Control characters and spaces inside are refused, never stripped.
  if (raw.length > 260 || /[\u0000-\u0020\u007f-\u009f]/.test(raw.trim())) return null;
  const pasted = PASTED_ADDRESS.exec(raw.trim());
  const typed = pasted ? pasted[1]! : raw.trim();
  if (typed.includes(':') || typed.includes('/')) return null;
  const ascii = domainToASCII(typed);
  if (!ascii) return null;
  const host = normaliseHost(ascii);
  if (!host || !host.includes('.')) return null;
  // A dotted IPv4 literal is not a host a TXT record can prove.
  if (/^[0-9.]+$/.test(host)) return null;
  return host;
}

/** A page's address or a host with its port: the owner pasted more than the host. */
const MORE_THAN_A_HOST = /^(?:[a-z][a-z0-9+.-]*:\/\/)?[^/:]+[/:]/i;

const NOT_A_HOST = 'must be a host name such as shop.example.com';

/**
 * What a host read by `parseHostName` must also be before a store claims it (decision 0329): a
 * name the domain search would take (decision 0141). The URL parser follows UTS #46, which keeps
 * emoji and symbols, so `shöp😀.example.com` became `xn--shp-tna54425d.example.com`; IDNA2008
 * refuses it, as registries do, and no owner would recognise the punycode. The words complete the
 * form's label ("Host name must not contain ..."). Null when the host may be claimed.
 */
export function hostNameRule(host: string): string | null {
  for (const label of host.split('.')) {
    if (label.slice(2, 4) === '--' && !label.startsWith('xn--'))
      return 'cannot have two hyphens as the third and fourth characters between its dots';
  }
  const refused = asciiIdnRefusal(host);
  if (!refused) return null;
  return 'character' in refused
    ? `must not contain "${refused.character}": only letters, digits and hyphens can be part of a host name`
    : NOT_A_HOST;
}

export const hostNameSchema = z.string().transform((value, ctx) => {
  const host = parseHostName(value);
  const rule = host
    ? hostNameRule(host)
    : MORE_THAN_A_HOST.test(value.trim())
      ? 'must be the host name alone, without a path or a port: shop.example.com'
      : NOT_A_HOST;
  if (rule || !host) {
    ctx.addIssue({ code: 'custom', message: rule ?? NOT_A_HOST });
    return z.NEVER;
  }
  return host;
});

/** A host's Unicode form, as the owner typed it (`hostLabel` shows it beside the punycode). */
export function hostUnicode(host: string): string {
  return toUnicode(host);
}

/** `POST /api/store-admin/hosts`. */
export const addHostSchema = z.object({ host: hostNameSchema }).strict();
