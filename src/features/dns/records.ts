import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * The records a customer may set, checked as the RFCs say (docs/decisions/0201): A and AAAA
 * take IP literals (RFC 791, 4291), CNAME/MX/NS/SRV targets host names (RFC 1123, IDN as
 * punycode), MX and SRV priorities 0-65535 (RFC 974, 2782), CAA a flag, tag and value (RFC 8659),
 * TXT any printable text, split into 255-byte strings when served (RFC 1035 3.3.14).
 */

import { RECORD_TYPES, type RecordType } from './record-types';

export { RECORD_TYPES, type RecordType };
export const MIN_TTL = 60;
export const MAX_TTL = 86_400;
export const MAX_RECORDS = 500;

/** A record as the API takes it (name relative to the zone, `@` for the apex). */
export type RecordInput = {
  name: string;
  type: RecordType;
  content: string;
  ttl: number;
  priority?: number | null;
};

const CONTROL = /[\u0000-\u001f\u007f]/;

export const recordInputSchema = z.object({
  name: z
    .string({ error: 'must be text' })
    .trim()
    .min(1, 'name the record (@ for the domain itself)')
    .max(253, 'at most 253 characters')
    .refine((v) => !CONTROL.test(v), 'no control characters'),
  type: z.enum(RECORD_TYPES, { error: `must be one of ${RECORD_TYPES.join(', ')}` }),
  content: z
    .string({ error: 'must be text' })
    .min(1, 'must not be empty')
    .max(4000, 'at most 4000 characters')
    .refine((v) => !CONTROL.test(v), 'no control characters'),
  ttl: z
    .number({ error: 'must be a number of seconds' })
    .int('must be whole seconds')
    .min(MIN_TTL, `at least ${MIN_TTL} seconds`)
    .max(MAX_TTL, `at most ${MAX_TTL} seconds`)
    .default(3600),
  priority: z
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(0, 'at least 0')
    .max(65535, 'at most 65535')
    .nullish(),
});

export const recordPatchSchema = recordInputSchema.partial();

export type FieldErrors = Record<string, string[]>;

const LDH = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;
/** A label of an owner name: LDH, or `_service` labels (SRV, DKIM), or the wildcard `*`. */
const OWNER_LABEL = /^(?:\*|_?(?!-)[a-z0-9_-]{1,63}(?<!-))$/;

/**
 * A host name in ASCII, IDN turned to punycode with `toAscii` (tr46, the catalog's helper), a
 * final dot dropped; null when it is not one.
 */
export function hostName(value: string, toAscii: (v: string) => string | null): string | null {
  const text = value.trim().replace(/\.$/, '').toLowerCase();
  if (text.length === 0 || text.length > 253) return null;
  const ascii = /^[\x00-\x7f]*$/.test(text) && !/(^|\.)xn--/.test(text) ? text : toAscii(text);
  if (!ascii || ascii.length > 253) return null;
  const labels = ascii.split('.');
  if (labels.length < 2 || !labels.every((l) => LDH.test(l))) return null;
  return ascii;
}

/** An owner name relative to the zone, in ASCII; `@` the apex. */
export function ownerName(
  value: string,
  zone: string,
  toAscii: (v: string) => string | null,
): string | null {
  let text = value.trim().replace(/\.$/, '').toLowerCase();
  if (text === '@' || text === zone) return '@';
  if (text.endsWith(`.${zone}`)) text = text.slice(0, -zone.length - 1);
  if (!/^[\x00-\x7f]*$/.test(text)) {
    const ascii = toAscii(`${text}.${zone}`);
    if (!ascii) return null;
    text = ascii.slice(0, -zone.length - 1);
  }
  if (`${text}.${zone}`.length > 253) return null;
  const labels = text.split('.');
  if (!labels.every((l) => OWNER_LABEL.test(l))) return null;
  if (labels.slice(1).includes('*')) return null;
  return text;
}

/** TXT content as the wire has it: strings of at most 255 bytes each (RFC 1035 3.3.14). */
export function txtStrings(content: string): string[] {
  const bytes = Buffer.from(content, 'utf8');
  const parts: string[] = [];
  let start = 0;
  while (start < bytes.length) {
    let end = Math.min(start + 255, bytes.length);
    // Never cut a UTF-8 character in two: back off continuation bytes.
    while (end < bytes.length && end > start && (bytes[end]! & 0xc0) === 0x80) end--;
    parts.push(bytes.subarray(start, end).toString('utf8'));
    start = end;
  }
  return parts.length > 0 ? parts : [''];
}

const CAA = /^(0|128)\s+(issue|issuewild|iodef)\s+"?([^"]*)"?$/i;

/** A record checked and put in its stored form, or the fields' errors. */
export function checkRecord(
  input: RecordInput,
  zone: string,
  toAscii: (v: string) => string | null,
): { ok: true; record: RecordInput } | { ok: false; fields: FieldErrors } {
  const fields: FieldErrors = {};
  const fail = (field: string, message: string) => (fields[field] ??= []).push(message);
  const name = ownerName(input.name, zone, toAscii);
  if (name === null) fail('name', 'must be a name under the domain (letters, digits, hyphens)');
  let content = input.content.trim();
  let priority: number | null = null;
  const needsPriority = input.type === 'MX' || input.type === 'SRV';
  if (needsPriority) {
    if (input.priority === undefined || input.priority === null) fail('priority', 'is required');
    else priority = input.priority;
  } else if (input.priority !== undefined && input.priority !== null) {
    fail('priority', `a ${input.type} record has no priority`);
  }
  switch (input.type) {
    case 'A':
      if (isIP(content) !== 4) fail('content', 'must be an IPv4 address, such as 192.0.2.10');
      break;
    case 'AAAA':
      if (isIP(content) !== 6) fail('content', 'must be an IPv6 address, such as 2001:db8::10');
      else content = content.toLowerCase();
      break;
    case 'CNAME':
    case 'NS':
    case 'MX': {
      const host = hostName(content, toAscii);
      if (host === null) fail('content', 'must be a host name, such as mail.example.com');
      else content = host;
      if (input.type === 'NS' && name === '@')
        fail('name', 'the domain’s own name servers are the store’s: delegate a sub-name');
      if (input.type === 'CNAME' && name === '@')
        fail('name', 'the domain itself cannot be a CNAME (it has SOA and NS records)');
      break;
    }
    case 'SRV': {
      const m = /^(\d{1,5})\s+(\d{1,5})\s+(\S+)$/.exec(content);
      const host = m ? (m[3] === '.' ? '.' : hostName(m[3]!, toAscii)) : null;
      if (!m || Number(m[1]) > 65535 || Number(m[2]) > 65535 || host === null) {
        fail('content', 'must be “weight port target”, such as 5 5060 sip.example.com');
      } else content = `${Number(m[1])} ${Number(m[2])} ${host}`;
      if (name !== null && !/^_[a-z0-9-]+\._(tcp|udp|tls)(\.|$)/.test(name))
        fail('name', 'must start _service._tcp or _service._udp');
      break;
    }
    case 'CAA': {
      const m = CAA.exec(content);
      if (!m || /\s/.test(m[3]!)) {
        fail('content', 'must be “flag tag value”, such as 0 issue "letsencrypt.org"');
      } else content = `${m[1]} ${m[2]!.toLowerCase()} "${m[3]}"`;
      break;
    }
    case 'TXT':
      if (Buffer.byteLength(content, 'utf8') > 2550) fail('content', 'at most 2550 bytes');
      if (content.includes('"')) fail('content', 'write the text without quotes');
      break;
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    record: { name: name!, type: input.type, content, ttl: input.ttl, priority },
  };
}

/** A rule that holds across a zone: no CNAME beside other data at one name (RFC 1034 3.6.2). */
export function cnameClash(
  records: readonly { name: string; type: string }[],
  next: { name: string; type: string },
): string | null {
  const same = records.filter((r) => r.name === next.name);
  if (next.type === 'CNAME' && same.length > 0)
    return 'this name has other records: a CNAME must stand alone';
  if (next.type !== 'CNAME' && same.some((r) => r.type === 'CNAME'))
    return 'this name is a CNAME: it can have no other record';
  return null;
}
