// The bytes of pages served from Next's page cache (docs/decisions/0017-cached-page-bytes.md,
// 0263).
//
// A cached page leaves Next as the same text on every request until its store changes. Here its
// rewritten bytes (paint-first.mjs), its entity tag and its inline scripts' hashes (for the
// Content-Security-Policy) are made once per page text, not per request. A store change makes
// Next render a new text, which is simply a new entry; old ones leave as the byte budget fills.
// Compressing is not done here: `compression` does it per answer in `npm start`, and behind nginx
// the front compresses once per refresh and caches the compressed bytes (docs/decisions/0195).
import { createHash } from 'node:crypto';
import { inlineScriptHashes } from './security-headers.mjs';

/**
 * Whether the client already holds the page with this entity tag (RFC 9110 section 13.1.2,
 * weak comparison), and so is answered 304. A request that says `Cache-Control: no-cache` asks
 * for the page itself.
 * @param {import('node:http').IncomingMessage} req
 * @param {string} etag
 */
export function notModified(req, etag) {
  const given = req.headers['if-none-match'];
  if (!given) return false;
  if (/(?:^|,)\s*no-cache\s*(?:,|$)/i.test(String(req.headers['cache-control'] ?? '')))
    return false;
  if (given.trim() === '*') return true;
  const bare = (tag) => tag.trim().replace(/^W\//, '');
  return given.split(',').some((tag) => bare(tag) === bare(etag));
}

/**
 * The page each answer sent whole (paint-first.mjs sets it): a cached page, or any page written in
 * one piece, so that serve.mjs's Content-Security-Policy can name its inline scripts' hashes.
 * @type {WeakMap<import('node:http').ServerResponse, { scriptHashes: string[] }>}
 */
export const servedPages = new WeakMap();

class Page {
  /** @type {Buffer} */
  identity;
  /** @type {string | undefined} */
  #etag;
  /** @type {string[] | undefined} */
  #scriptHashes;
  /** What this page holds: its key's text and its bytes. */
  bytes;
  /** Set when the store lets the page go. */
  dropped = false;

  /** @param {Buffer} identity @param {number} keyBytes */
  constructor(identity, keyBytes) {
    this.identity = identity;
    this.bytes = keyBytes + identity.length;
  }

  /**
   * The page's entity tag, made once from its bytes. Next's own (`generateEtags`) hashed the whole
   * page in JavaScript on every request, the largest single cost of serving a cached page; it is
   * off in next.config.ts and made here instead (docs/decisions/0115).
   */
  get etag() {
    this.#etag ??= `"${createHash('sha1').update(this.identity).digest('base64url')}"`;
    return this.#etag;
  }

  /**
   * The hash sources of the inline scripts the page runs, worked out once per page: the page is
   * the same text for every visitor, so a per-request nonce would cost its cached bytes
   * (docs/decisions/0130-security-headers.md).
   */
  get scriptHashes() {
    this.#scriptHashes ??= inlineScriptHashes(this.identity);
    return this.#scriptHashes;
  }
}

/** A byte-bounded, least-recently-used store of cached pages' bytes. */
export class PageBytes {
  /** @type {Map<string, Page>} */
  #pages = new Map();
  #bytes = 0;
  #limit;
  #transform;

  /**
   * @param {{ transform: (bytes: Buffer) => Buffer, limitBytes?: number }} options `transform`
   *   turns a page's bytes into what is sent (the paint-first rewrite).
   */
  constructor({ transform, limitBytes = 32 * 1024 * 1024 }) {
    this.#transform = transform;
    this.#limit = limitBytes;
  }

  /** Bytes held, the keys' text included. */
  get size() {
    return this.#bytes;
  }

  /**
   * The page for this text, as Next passed it to `end()` (UTF-8).
   * @param {string} body
   */
  get(body) {
    const known = this.#pages.get(body);
    if (known) {
      // Most recently used last: Map keeps insertion order.
      this.#pages.delete(body);
      this.#pages.set(body, known);
      return known;
    }
    // V8 keeps a string at one or two bytes a character; counted at two, so as not to undercount.
    const page = new Page(this.#transform(Buffer.from(body, 'utf8')), 2 * body.length);
    this.#pages.set(body, page);
    this.#bytes += page.bytes;
    this.#trim();
    return page;
  }

  #trim() {
    // The newest page stays even when it alone is over the budget: it is being sent.
    for (const [key, page] of this.#pages) {
      if (this.#bytes <= this.#limit || this.#pages.size === 1) break;
      this.#pages.delete(key);
      page.dropped = true;
      this.#bytes -= page.bytes;
    }
  }
}
