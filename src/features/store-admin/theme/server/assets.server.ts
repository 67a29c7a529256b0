import 'server-only';
import { createHash } from 'node:crypto';
import DOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';
import { appDb } from '@/lib/db/app-db';
import { now } from '@/lib/clock';
import { ApiError } from '@/lib/http/api-response';
import { insertAdminAudit } from '../../server/admin-audit-repository.server';
import { auditScope, type StaffContext } from '../../server/staff.server';
import {
  imageTooLargeField,
  imageTooLargeMessage,
  MAX_ASSET_BYTES,
  type AssetUpload,
} from '../schemas';
import { findAsset, insertAsset } from './theme-repository.server';

/**
 * Logos and favicons (issue 26, point 3; docs/decisions/0168): PNG, WebP or SVG up to 512 KB,
 * known by their bytes (never a name or a declared type), SVG cleaned by DOMPurify, kept in the
 * database under the SHA-256 of the bytes kept, served at /api/assets/{sha256}.{ext}.
 */

export const ASSET_TYPES = {
  png: 'image/png',
  webp: 'image/webp',
  svg: 'image/svg+xml',
} as const;
export type AssetExt = keyof typeof ASSET_TYPES;

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** What the bytes are, by their first bytes; null for anything else. */
export function sniffImage(bytes: Buffer): AssetExt | null {
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG)) return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  ) {
    return 'webp';
  }
  // SVG is text: an optional byte-order mark, an XML declaration, comments or a doctype, then <svg.
  let head: string;
  try {
    head = new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, 4096));
  } catch {
    // Cut in the middle of a character at 4096: decode leniently, the check below is on ASCII.
    head = bytes.subarray(0, 4096).toString('utf8');
  }
  const rest = head
    .replace(/^\uFEFF/, '')
    .replace(/^\s*<\?xml[^>]*\?>/, '')
    .replace(/^(\s*(<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[^\]]*\])?\s*>))*/i, '')
    .trimStart();
  return /^<svg[\s>]/i.test(rest) ? 'svg' : null;
}

/**
 * How deep an SVG's elements may nest, how many it may have, and how many attributes one of them
 * may carry (docs/decisions/0292, 0293).
 */
export const MAX_SVG_DEPTH = 64;
export const MAX_SVG_ELEMENTS = 5000;
export const MAX_SVG_ATTRIBUTES = 100;

/**
 * How deep the elements of an SVG's text nest and how many there are, counted from its tags
 * without parsing it: comments, CDATA, declarations and quoted attribute values are skipped. The
 * cleaning's parser takes time that grows with the square of the depth (2,000 levels, 14 KB:
 * 0.7 s; 20,000 levels: minutes, with the server's one thread blocked), so this is asked first.
 */
export function svgShape(text: string): { depth: number; elements: number; attributes: number } {
  let depth = 0;
  let deepest = 0;
  let elements = 0;
  let attributes = 0;
  let i = text.indexOf('<');
  const skipTo = (end: string, from: number) => {
    const at = text.indexOf(end, from);
    return at === -1 ? text.length : at + end.length;
  };
  while (i !== -1 && i < text.length) {
    if (text.startsWith('<!--', i)) i = skipTo('-->', i + 4);
    else if (text.startsWith('<![CDATA[', i)) i = skipTo(']]>', i + 9);
    else if (text[i + 1] === '?' || text[i + 1] === '!') i = skipTo('>', i + 2);
    else {
      let j = i + 1;
      let quote = '';
      let equals = 0;
      for (; j < text.length; j++) {
        const c = text[j];
        if (quote) {
          if (c === quote) quote = '';
        } else if (c === '"' || c === "'") quote = c;
        else if (c === '=') equals += 1;
        else if (c === '>') break;
      }
      attributes = Math.max(attributes, equals);
      if (text[i + 1] === '/') depth -= 1;
      else {
        elements += 1;
        deepest = Math.max(deepest, depth + 1);
        if (text[j - 1] !== '/') depth += 1;
      }
      i = j + 1;
    }
    i = text.indexOf('<', i);
  }
  return { depth: deepest, elements, attributes };
}

const tooComplex = () =>
  new ApiError(
    422,
    'image_too_complex',
    `This SVG is too complex for a logo: at most ${MAX_SVG_ELEMENTS} elements, nested at most ${MAX_SVG_DEPTH} deep, with at most ${MAX_SVG_ATTRIBUTES} attributes each. Simplify it or upload a PNG.`,
    {
      content_base64: [
        `must have at most ${MAX_SVG_ELEMENTS} elements, nested at most ${MAX_SVG_DEPTH} deep, with at most ${MAX_SVG_ATTRIBUTES} attributes each`,
      ],
    },
  );

/** A reference to anything outside the document: only `#fragment` references are kept. */
const EXTERNAL = /^\s*(?!#)\S/;

/**
 * CSS that loads something from outside the document: `url(...)` but `url(#id)`, or `@import`.
 * Asked of the text without its white space, with no pattern that can backtrack: the pattern
 * this replaced took 45 s on one attribute of 480 KB (`url(` repeated).
 */
const URL_IN_CSS = /url\((?!['"]?#)|@import/i;
const leavesDocument = (css: string) => URL_IN_CSS.test(css.replace(/\s+/g, ''));

/**
 * The SVG made safe to show from the store's own origin: DOMPurify's SVG profile (no scripts, no
 * event handlers, no foreignObject), then every reference that leaves the document removed
 * (href/xlink:href to anything but `#id`, url() in styles but `url(#id)`, @import).
 * Null when nothing of an SVG is left.
 */
export function sanitiseSvg(text: string): string | null {
  const { window } = new JSDOM('');
  try {
    const purify = DOMPurify(window as unknown as Parameters<typeof DOMPurify>[0]);
    purify.addHook('afterSanitizeAttributes', (node) => {
      for (const name of ['href', 'xlink:href', 'src']) {
        const value = node.getAttribute(name);
        if (value !== null && EXTERNAL.test(value)) node.removeAttribute(name);
      }
      const style = node.getAttribute('style');
      if (style !== null && leavesDocument(style)) node.removeAttribute('style');
      for (const attr of [...node.attributes]) {
        if (leavesDocument(attr.value)) node.removeAttribute(attr.name);
      }
    });
    purify.addHook('uponSanitizeElement', (node, data) => {
      if (data.tagName === 'style' && leavesDocument(node.textContent ?? '')) {
        node.parentNode?.removeChild(node);
      }
    });
    const clean = purify.sanitize(text, {
      USE_PROFILES: { svg: true, svgFilters: true },
      FORBID_TAGS: ['foreignObject', 'script', 'image', 'a'],
    });
    const trimmed = clean.trim();
    return /^<svg[\s>]/i.test(trimmed) ? `${trimmed}\n` : null;
  } finally {
    window.close();
  }
}

const notAnImage = () =>
  new ApiError(415, 'unsupported_media_type', 'Upload a PNG, WebP or SVG image.', {
    content_base64: ['is not a PNG, WebP or SVG image'],
  });

/**
 * 413 for an image over 512 KB, in KB as people say it ("The logo must be at most 512 KB; this
 * file is 700 KB."), never in a count of bytes. `bytes` is null where the size is not known.
 */
export const imageTooLarge = (what: AssetUpload['purpose'] | 'image', bytes: number | null) =>
  new ApiError(413, 'payload_too_large', imageTooLargeMessage(what, bytes), {
    content_base64: [imageTooLargeField(bytes)],
  });

export type AssetView = {
  url: string;
  sha256: string;
  content_type: string;
  size: number;
  purpose: AssetUpload['purpose'];
};

/** Keeps an uploaded image; answers where it is served (the same address for the same bytes). */
export async function uploadAsset(staff: StaffContext, input: AssetUpload): Promise<AssetView> {
  const raw = Buffer.from(input.content_base64, 'base64');
  if (raw.length > MAX_ASSET_BYTES) throw imageTooLarge(input.purpose, raw.length);
  const ext = sniffImage(raw);
  if (!ext) throw notAnImage();
  let bytes = raw;
  if (ext === 'svg') {
    const text = raw.toString('utf8');
    const shape = svgShape(text);
    if (
      shape.depth > MAX_SVG_DEPTH ||
      shape.elements > MAX_SVG_ELEMENTS ||
      shape.attributes > MAX_SVG_ATTRIBUTES
    ) {
      throw tooComplex();
    }
    const clean = sanitiseSvg(text);
    if (!clean) throw notAnImage();
    bytes = Buffer.from(clean, 'utf8');
    if (bytes.length > MAX_ASSET_BYTES) throw imageTooLarge(input.purpose, bytes.length);
  }
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const view: AssetView = {
    url: assetPath(sha256, ext),
    sha256,
    content_type: ASSET_TYPES[ext],
    size: bytes.length,
    purpose: input.purpose,
  };
  const db = await appDb();
  await db.transaction(async (tx) => {
    await insertAsset(tx, { sha256, contentType: ASSET_TYPES[ext], bytes, at: now() });
    await insertAdminAudit(tx, auditScope(staff), {
      action: 'asset.uploaded',
      target: view.url,
      after: { purpose: input.purpose, content_type: view.content_type, size: view.size },
    });
  });
  return view;
}

export const assetPath = (sha256: string, ext: AssetExt) => `/api/assets/${sha256}.${ext}`;

/** An image by its address's file name (`{sha256}.{ext}`), or null. */
export async function assetByFileName(
  name: string,
): Promise<{ contentType: string; bytes: Buffer } | null> {
  const match = /^([0-9a-f]{64})\.(png|webp|svg)$/.exec(name);
  if (!match) return null;
  const found = await findAsset(await appDb(), match[1]!);
  if (!found || found.contentType !== ASSET_TYPES[match[2] as AssetExt]) return null;
  return found;
}
