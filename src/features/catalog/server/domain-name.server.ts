import 'server-only';
import { domainToASCII, domainToUnicode } from 'node:url';

/**
 * Parsing of what a shopper types into the domain search (PRODUCT.md "Catalog"): a name or a full
 * domain, IDN included. Labels follow the LDH rule: 1-63 letters, digits and hyphens, no leading
 * or trailing hyphen; the whole name at most 253 characters. Unicode input goes through
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
  if (label.length === 0) return 'each label must have 1-63 characters (empty label)';
  if (label.length > 63) return 'each label must have 1-63 characters';
  if (!/^[a-z0-9-]+$/.test(label)) return 'labels may only contain letters, digits and hyphens';
  if (label.startsWith('-') || label.endsWith('-')) {
    return 'labels may not start or end with a hyphen';
  }
  if (!LABEL.test(label)) return 'labels may only contain letters, digits and hyphens';
  return null;
}

/** Checks and normalises a search query; answers the rule it breaks otherwise. */
export function parseDomainQuery(
  input: string,
): { ok: true; value: ParsedQuery } | DomainRuleError {
  let text = input.trim().toLowerCase();
  if (text.endsWith('.')) text = text.slice(0, -1);
  if (text.startsWith('www.')) text = text.slice(4);
  if (text.length === 0) return { ok: false, rule: 'a name is required' };
  const ascii = /^[\x00-\x7f]*$/.test(text) ? text : domainToASCII(text);
  if (ascii === '') return { ok: false, rule: 'not a valid internationalised domain name' };
  if (ascii.length > 253) return { ok: false, rule: 'a domain has at most 253 characters' };
  const labels = ascii.split('.');
  for (const label of labels) {
    const rule = labelRule(label);
    if (rule) return { ok: false, rule };
  }
  // A punycode label must decode, or it is not a real IDN label.
  if (labels.some((l) => l.startsWith('xn--')) && domainToASCII(ascii) === '') {
    return { ok: false, rule: 'not a valid internationalised domain name' };
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
