// The bytes of pages served from Next's page cache (docs/decisions/0017-cached-page-bytes.md).
//
// A cached page leaves Next as the same text on every request until its store changes. Without
// this, every request paid again for turning that text into bytes, rewriting it (paint-first.mjs)
// and compressing it; a browser's request spent more time in Brotli than in Next. Here the
// rewritten bytes are kept per page text, with Brotli and gzip forms made once, in the background,
// at the strongest settings (a smaller page for every later visitor). A store change makes Next
// render a new text, which is simply a new entry; old ones leave as the byte budget fills.
import zlib from 'node:zlib';
import Negotiator from 'negotiator';

/** What `compression` offers, in its order of preference: the answers must not differ. */
const SUPPORTED = ['br', 'gzip', 'deflate', 'identity'];
const PREFERRED = ['br', 'gzip'];
/** `compression`'s default threshold: smaller bodies are sent as they are. */
const THRESHOLD = 1024;
const NO_TRANSFORM = /(?:^|,)\s*?no-transform\s*?(?:,|$)/;

/** @type {Record<string, (bytes: Buffer, done: (error: Error | null, out: Buffer) => void) => void>} */
const COMPRESS = {
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

class Page {
  /** @type {Buffer} */
  identity;
  /** What this page holds: its key's text, its bytes and their encoded forms. */
  bytes;
  /** Per encoding: the bytes, `null` while they are being made or when making them failed. */
  #encoded = new Map();
  #onGrow;

  /** @param {Buffer} identity @param {number} keyBytes @param {(bytes: number) => void} onGrow */
  constructor(identity, keyBytes, onGrow) {
    this.identity = identity;
    this.bytes = keyBytes + identity.length;
    this.#onGrow = onGrow;
  }

  /** The page in `encoding` if it is ready; otherwise undefined, and it is made meanwhile. */
  encoded(encoding) {
    if (encoding === 'identity') return this.identity;
    const known = this.#encoded.get(encoding);
    if (known !== undefined) return known ?? undefined;
    const compress = COMPRESS[encoding];
    if (!compress) return undefined;
    this.#encoded.set(encoding, null);
    compress(this.identity, (error, out) => {
      if (error) return; // stays null: this page keeps being compressed per request
      this.#encoded.set(encoding, out);
      this.bytes += out.length;
      this.#onGrow(out.length);
    });
    return undefined;
  }
}

/** A byte-bounded, least-recently-used store of cached pages' bytes. */
export class PageBytes {
  /** @type {Map<string | Buffer, Page>} */
  #pages = new Map();
  #bytes = 0;
  #limit;
  #transform;

  /**
   * @param {{ transform: (bytes: Buffer) => Buffer, limitBytes?: number }} options
   *   `transform` turns a page's bytes into what is sent (the paint-first rewrite).
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
   * The page for this body, as Next passed it to `end()`: a string, or a Buffer (kept by identity,
   * since Next hands out the same Buffer from its cache).
   * @param {string | Buffer} body @param {BufferEncoding} [encoding]
   */
  get(body, encoding = 'utf8') {
    const known = this.#pages.get(body);
    if (known) {
      // Most recently used last: Map keeps insertion order.
      this.#pages.delete(body);
      this.#pages.set(body, known);
      return known;
    }
    const raw = typeof body === 'string' ? Buffer.from(body, encoding) : body;
    const page = new Page(this.#transform(raw), raw.length, (grown) => {
      if (this.#pages.get(body) !== page) return; // evicted while compressing
      this.#bytes += grown;
      this.#trim();
    });
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
      this.#bytes -= page.bytes;
    }
  }
}
