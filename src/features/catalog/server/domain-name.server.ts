import 'server-only';
import { domainToASCII, domainToUnicode } from 'node:url';

/**
 * Parsing of what a shopper types into the domain search (docs/contract/selling.md): a name or a
 * full domain, IDN included. Labels follow the LDH rule: 1-63 letters, digits and hyphens, no
 * leading or trailing hyphen; the whole name at most 253 characters. Unicode input goes through
 * node:url's UTS #46 mapping (the WHATWG URL host rules), so what we check is the punycode form.
 */

export type ParsedQuery = {
  /** The first label, ASCII (punycode when IDN). */
  name: string;
  /** What follows the first label (`co.uk`), or null when only a name was typed. */
  tld: string | null;
};

export type DomainRuleError = { ok: false; rule: string };

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** The rule a label breaks, or null when it is a valid LDH label. */
function labelRule(label: string): string | null {
  if (label.length === 0) return 'A domain cannot start with a dot or have two dots in a row.';
  if (label.length > 63)
    return 'Each part of a domain, between the dots, can be at most 63 characters long.';
  if (!/^[a-z0-9-]+$/.test(label))
    return 'A domain can only have letters, numbers and hyphens: no spaces or other symbols.';
  if (label.startsWith('-') || label.endsWith('-')) {
    return 'A domain cannot start or end with a hyphen, before or after a dot.';
  }
  if (!LABEL.test(label))
    return 'A domain can only have letters, numbers and hyphens: no spaces or other symbols.';
  return null;
}

/** Checks and normalises a search query; answers the rule it breaks otherwise. */
export function parseDomainQuery(
  input: string,
): { ok: true; value: ParsedQuery } | DomainRuleError {
  let text = input.trim().toLowerCase();
  if (text.endsWith('.')) text = text.slice(0, -1);
  if (text.startsWith('www.')) text = text.slice(4);
  if (text.length === 0)
    return { ok: false, rule: 'Type a name to search for, such as yourname or yourname.com.' };
  const ascii = /^[\x00-\x7f]*$/.test(text) ? text : domainToASCII(text);
  if (ascii === '')
    return { ok: false, rule: 'This is not a domain name we can read: check its spelling.' };
  if (ascii.length > 253)
    return { ok: false, rule: 'A domain can be at most 253 characters long.' };
  const labels = ascii.split('.');
  for (const label of labels) {
    const rule = labelRule(label);
    if (rule) return { ok: false, rule };
  }
  // A punycode label must decode, or it is not a real IDN label.
  if (labels.some((l) => l.startsWith('xn--')) && domainToASCII(ascii) === '') {
    return { ok: false, rule: 'This is not a domain name we can read: check its spelling.' };
  }
  const [name, ...rest] = labels;
  return { ok: true, value: { name: name!, tld: rest.length > 0 ? rest.join('.') : null } };
}

/** ASCII form of a full domain, or null when it is not a valid one. */
export function toAsciiDomain(input: string): string | null {
  const parsed = parseDomainQuery(input);
  if (!parsed.ok || parsed.value.tld === null) return null;
  return `${parsed.value.name}.${parsed.value.tld}`;
}

/** How a domain is shown to people: Unicode. */
export const toUnicode = (ascii: string) => domainToUnicode(ascii) || ascii;

/** The TLD of `name.tld` in a price list, longest match first (co.uk before uk). */
export function splitDomain(
  ascii: string,
  tlds: readonly string[],
): { name: string; tld: string } | null {
  const match = [...tlds]
    .sort((a, b) => b.length - a.length)
    .find((tld) => ascii.endsWith(`.${tld}`) && !ascii.slice(0, -tld.length - 1).includes('.'));
  return match ? { name: ascii.slice(0, -match.length - 1), tld: match } : null;
}
