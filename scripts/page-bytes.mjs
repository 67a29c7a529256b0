// The bytes of pages served from Next's page cache (docs/decisions/0017-cached-page-bytes.md).
//
// A cached page leaves Next as the same text on every request until its store changes. Without
// this, every request paid again for turning that text into bytes, rewriting it (paint-first.mjs)
// and compressing it; a browser's request spent more time in Brotli than in Next. Here the
// rewritten bytes are kept per page text, with Brotli and gzip forms made once, in the background,
// at the strongest settings (a smaller page for every later visitor). A store change makes Next
// render a new text, which is simply a new entry; old ones leave as the byte budget fills.
import { createHash } from 'node:crypto';
import zlib from 'node:zlib';
import Negotiator from 'negotiator';
import { inlineScriptHashes } from './security-headers.mjs';

/** What `compression` offers, in its order of preference: the answers must not differ. */
const SUPPORTED = ['br', 'gzip', 'deflate', 'identity'];
const PREFERRED = ['br', 'gzip'];
/** `compression`'s default threshold: smaller bodies are sent as they are. */
const THRESHOLD = 1024;
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/i;

/** @typedef {(bytes: Buffer, done: (error: Error | null, out: Buffer) => void) => void} Compressor */

/** @type {Record<string, Compressor>} */
const COMPRESSORS = {
  br: (bytes, done) =>
    zlib.brotliCompress(
      bytes,
      {
        params: {
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      },
      done,
    ),
  gzip: (bytes, done) => zlib.gzip(bytes, { level: zlib.constants.Z_BEST_COMPRESSION }, done),
};

/**
 * The encoding `compression` would choose for this response, or 'identity' when it would send
 * the bytes as they are.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {number} length
 */
export function chosenEncoding(req, res, length) {
  if (length < THRESHOLD || !req.headers['accept-encoding']) return 'identity';
  if (NO_TRANSFORM.test(String(res.getHeader('cache-control') ?? ''))) return 'identity';
  return new Negotiator(req).encoding(SUPPORTED, PREFERRED) ?? 'identity';
}

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
  /** What this page holds: its key's text, its bytes and their encoded forms. */
  bytes;
  /** Set when the store lets the page go: it is then not compressed any more. */
  dropped = false;
  /** Per encoding: the bytes, `null` while they are being made or when making them failed. */
  #encoded = new Map();
  #store;

  /** @param {Buffer} identity @param {number} keyBytes @param {PageBytes} store */
  constructor(identity, keyBytes, store) {
    this.identity = identity;
    this.bytes = keyBytes + identity.length;
    this.#store = store;
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

  /** The page in `encoding` if it is ready; otherwise undefined, and it is made meanwhile. */
  encoded(encoding) {
    if (encoding === 'identity') return this.identity;
    const known = this.#encoded.get(encoding);
    if (known !== undefined) return known ?? undefined;
    if (this.dropped || !this.#store.compresses(encoding)) return undefined;
    this.#encoded.set(encoding, null);
    this.#store.schedule(this, encoding);
    return undefined;
  }

  /** Keeps the encoded form made for it (an error leaves it null: compressed per request). */
  done(encoding, out) {
    this.#encoded.set(encoding, out);
    this.bytes += out.length;
  }
}

/** A byte-bounded, least-recently-used store of cached pages' bytes. */
export class PageBytes {
  /** @type {Map<string, Page>} */
  #pages = new Map();
  #bytes = 0;
  #limit;
  #transform;
  #compressors;
  /** @type {{ page: Page, encoding: string }[]} Compression jobs, run one at a time. */
  #jobs = [];
  #running = false;

  /**
   * @param {{
   *   transform: (bytes: Buffer) => Buffer,
   *   limitBytes?: number,
   *   compressors?: Record<string, Compressor>,
   * }} options `transform` turns a page's bytes into what is sent (the paint-first rewrite).
   */
  constructor({ transform, limitBytes = 32 * 1024 * 1024, compressors = COMPRESSORS }) {
    this.#transform = transform;
    this.#limit = limitBytes;
    this.#compressors = compressors;
  }

  /** Bytes held, the keys' text included. */
  get size() {
    return this.#bytes;
  }

  /** Compression jobs waiting. */
  get waiting() {
    return this.#jobs.length;
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
    const page = new Page(this.#transform(Buffer.from(body, 'utf8')), 2 * body.length, this);
    this.#pages.set(body, page);
    this.#bytes += page.bytes;
    this.#trim();
    return page;
  }

  /** @param {string} encoding */
  compresses(encoding) {
    return Object.hasOwn(this.#compressors, encoding);
  }

  /**
   * Queues a page's compression. Jobs run one at a time: Brotli 11 takes about 50 ms of a libuv
   * pool thread per page, and the pool (4 threads) also runs file reads and argon2, so a burst of
   * new pages after a start or a store change must not take it over.
   * @param {Page} page @param {string} encoding
   */
  schedule(page, encoding) {
    this.#jobs.push({ page, encoding });
    if (!this.#running) this.#next();
  }

  #next() {
    const job = this.#jobs.shift();
    this.#running = job !== undefined;
    if (!job) return;
    const { page, encoding } = job;
    this.#compressors[encoding](page.identity, (error, out) => {
      if (!error && !page.dropped) {
        page.done(encoding, out);
        this.#bytes += out.length;
        this.#trim();
      }
      // Never from inside the callback: a compressor that answered at once would grow the stack.
      queueMicrotask(() => this.#next());
    });
  }

  #trim() {
    let dropped = false;
    // The newest page stays even when it alone is over the budget: it is being sent.
    for (const [key, page] of this.#pages) {
      if (this.#bytes <= this.#limit || this.#pages.size === 1) break;
      this.#pages.delete(key);
      page.dropped = true;
      this.#bytes -= page.bytes;
      dropped = true;
    }
    // A page let go is not compressed, and its waiting jobs do not keep it in memory.
    if (dropped) this.#jobs = this.#jobs.filter((job) => !job.page.dropped);
  }
}
