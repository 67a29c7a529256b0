import 'server-only';
import { toASCII, toUnicode as tr46ToUnicode } from 'tr46';
import { idna2008Refused } from './idna2008';

/**
 * Parsing of what a shopper types into the domain search: a name or a full domain, IDN
 * included, or an address pasted from the browser (cleaned to its host). Labels follow the LDH
 * rule: 1-63 letters, digits and hyphens, no leading or trailing hyphen, no "--" in the third
 * and fourth places unless it is a punycode label; the whole name at most 253 characters.
 * Unicode input goes through UTS #46 non-transitional processing (tr46, with CheckHyphens,
 * STD3 rules, CheckBidi and CheckJoiners), then IDNA2008's code point rules, which refuse emoji
 * and symbols (docs/decisions/0141).
 */

export type ParsedQuery = {
  /** The first label, ASCII (punycode when IDN). */
  name: string;
  /** What follows the first label (`co.uk`), or null when only a name was typed. */
  tld: string | null;
};

export type DomainRuleError = { ok: false; rule: string };

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const UNREADABLE = 'This is not a domain name we can read: check its spelling.';
const SYMBOLS = 'A domain can only have letters, numbers and hyphens: no spaces or other symbols.';

/** UTS #46 as registries apply it: non-transitional (ß stays ß), every check on. */
const UTS46 = {
  checkHyphens: true,
  checkBidi: true,
  checkJoiners: true,
  useSTD3ASCIIRules: true,
  transitionalProcessing: false,
  verifyDNSLength: false,
} as const;

/** The rule a label breaks, or null when it is a valid LDH label. */
function labelRule(label: string): string | null {
  if (label.length === 0) return 'A domain cannot start with a dot or have two dots in a row.';
  if (label.length > 63)
    return 'Each part of a domain, between the dots, can be at most 63 characters long.';
  if (!/^[a-z0-9-]+$/.test(label)) return SYMBOLS;
  if (label.startsWith('-') || label.endsWith('-')) {
    return 'A domain cannot start or end with a hyphen, before or after a dot.';
  }
  if (!LABEL.test(label)) return SYMBOLS;
  if (label.slice(2, 4) === '--' && !label.startsWith('xn--')) {
    return 'A domain cannot have two hyphens as its third and fourth characters.';
  }
  return null;
}

/**
 * The host of an address pasted whole (`https://www.example.com/path?x`, `example.com/about`),
 * or the text as it was. Only the host's own characters are kept; the URL parser is not used,
 * since it would accept (and convert) the names we must refuse.
 */
function hostOf(text: string): string {
  const scheme = /^[a-z][a-z0-9+.-]*:\/\//i.exec(text);
  if (!scheme && !/[/?#]/.test(text)) return text;
  let rest = scheme ? text.slice(scheme[0].length) : text;
  rest = rest.split(/[/?#]/, 1)[0]!;
  rest = rest.slice(rest.lastIndexOf('@') + 1);
  return rest.replace(/:\d*$/, '');
}

/**
 * Why an internationalised name is refused: the first character IDNA2008 refuses (an emoji, a
 * symbol), or the rule the name breaks as a whole (a punycode label that does not decode, mixed
 * directions), in the search's words.
 */
export type IdnRefusal = { character: string } | { rule: string };

/** What is wrong with an internationalised name; null when IDNA2008 takes it. */
function idnRefusal(text: string): IdnRefusal | null {
  const ascii = toASCII(text, UTS46);
  if (ascii === null) {
    // A punycode label that does not decode; else a symbol (STD3) or mixed directions.
    if (/^[\x00-\x7f]*$/.test(text)) return { rule: UNREADABLE };
    const relaxed = toASCII(text, { ...UTS46, checkBidi: false, checkJoiners: false });
    return { rule: relaxed === null ? SYMBOLS : UNREADABLE };
  }
  for (const label of tr46ToUnicode(ascii, UTS46).domain.split('.')) {
    const refused = idna2008Refused(label);
    if (refused) return { character: refused };
  }
  return null;
}

/** What is wrong with an internationalised name, in words; null when IDNA2008 takes it. */
function idnRule(text: string): string | null {
  const refusal = idnRefusal(text);
  if (!refusal) return null;
  return 'character' in refusal
    ? `"${refusal.character}" cannot be part of a domain name: only letters, digits and hyphens can.`
    : refusal.rule;
}

/**
 * What IDNA2008 refuses in a host name already in ASCII (a name server's or a store's host, made
 * so by the URL parser, which follows UTS 46 and takes symbols such as emoji); null when it has
 * no internationalised label or IDNA2008 takes them all (docs/decisions/0141, 0329).
 */
export function asciiIdnRefusal(ascii: string): IdnRefusal | null {
  return /(^|\.)xn--/i.test(ascii) ? idnRefusal(ascii.toLowerCase()) : null;
}

/** `asciiIdnRefusal` in the search's words. */
export function asciiHostRule(ascii: string): string | null {
  return /(^|\.)xn--/i.test(ascii) ? idnRule(ascii.toLowerCase()) : null;
}

/** Checks and normalises a search query; answers the rule it breaks otherwise. */
export function parseDomainQuery(
  input: string,
): { ok: true; value: ParsedQuery } | DomainRuleError {
  let text = hostOf(input.trim()).toLowerCase();
  if (text.endsWith('.')) text = text.slice(0, -1);
  if (text.startsWith('www.')) text = text.slice(4);
  if (text.length === 0)
    return { ok: false, rule: 'Type a name to search for, such as yourname or yourname.com.' };
  const idn = !/^[\x00-\x7f]*$/.test(text) || /(^|\.)xn--/.test(text);
  if (idn) {
    const rule = idnRule(text);
    if (rule) return { ok: false, rule };
  }
  const ascii = idn ? toASCII(text, UTS46)! : text;
  if (ascii.length > 253)
    return { ok: false, rule: 'A domain can be at most 253 characters long.' };
  const labels = ascii.split('.');
  for (const label of labels) {
    const rule = labelRule(label);
    if (rule) return { ok: false, rule };
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

/** A name of lower-case letters, digits, hyphens and dots and no Punycode label. */
const PLAIN_ASCII = /^(?!xn--)(?!.*\.xn--)[a-z0-9.-]*$/;

/** How a domain is shown to people: Unicode. */
export const toUnicode = (ascii: string) => {
  // UTS 46 maps these characters to themselves and decodes only Punycode labels: a plain name is
  // its own Unicode form (a cold search shows 30 of them per request).
  if (PLAIN_ASCII.test(ascii)) return ascii;
  const { domain, error } = tr46ToUnicode(ascii, UTS46);
  return error ? ascii : domain;
};

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
