import { domainToASCII } from 'node:url';
import { z } from 'zod';
import { normaliseHost } from '@/lib/http/host';

/** An address pasted from the browser's bar: a scheme, the host, at most a closing slash. */
const PASTED_ADDRESS = /^https?:\/\/([^/:?#@]+)\/?$/i;

/**
 * A host name an owner types: trimmed, lower-cased, an IDN turned into its punycode form
 * (bücher.example -> xn--bcher-kva.example), a trailing dot dropped; an address pasted whole
 * (https://Shop.Example.com/) is taken as its host. Refused: control characters, ports, paths,
 * IP literals, a single label, anything that is not a DNS host name.
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

export const hostNameSchema = z.string().transform((value, ctx) => {
  const host = parseHostName(value);
  if (!host) {
    const message = MORE_THAN_A_HOST.test(value.trim())
      ? 'must be the host name alone, without a path or a port: shop.example.com'
      : 'must be a host name such as shop.example.com';
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  }
  return host;
});

/** `POST /api/store-admin/hosts`. */
export const addHostSchema = z.object({ host: hostNameSchema }).strict();
