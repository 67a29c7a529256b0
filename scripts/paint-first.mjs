// Paint first, then load the application's JavaScript (docs/decisions/0015-paint-first.md).
//
// Next puts every framework chunk in the page as `<script src async>`, and a preload for the
// bootstrap chunk. The browser fetches them while it is still parsing, and an async script runs
// as soon as it arrives, so on a slow phone the chunks compete with the HTML for the network and
// their evaluation can run before the first paint. Here, when a rendered page is kept in Next's
// page cache (page-cache-handler.mjs, docs/decisions/0264), those tags become inert placeholders,
// and a small loader in <head> turns them back into async scripts once the browser reports its
// first contentful paint. Nothing else about the page changes: the chunks were async (order-free)
// already, and React finds the scripts it rendered by their src. A page rendered per request (a
// signed-in customer's) is sent as Next writes it: Next compresses what it sends, so no rewrite
// can come between.

import { readFileSync } from 'node:fs';
import { sha256Source } from './security-headers.mjs';

/**
 * paint-first-loader.js as a page carries it (inline: a fetch would cost a round trip before the
 * first paint), without comment lines and indentation. @param {string} source
 */
export function inlineLoader(source) {
  const code = source
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('//'))
    .join('\n');
  // Inside <script>, these would end the element or open a comment the parser honours.
  if (/<\/script|<!--/i.test(code)) throw new Error('paint-first-loader.js cannot be inlined');
  return `<script>${code}</script>`;
}

/** The loader: on first contentful paint, or at once when there is no paint to wait for. */
export const PAINT_FIRST_LOADER = inlineLoader(
  readFileSync(new URL('./paint-first-loader.js', import.meta.url), 'utf8'),
);

/** The loader's hash source: a page rendered per request runs it by hash beside its nonce. */
export const PAINT_FIRST_LOADER_HASH = sha256Source(
  PAINT_FIRST_LOADER.slice('<script>'.length, -'</script>'.length),
);

// Exactly the forms React and Next write; anything else passes through untouched (and then simply
// loads as before). The page is searched as bytes: these patterns are ASCII, which never occurs
// inside a multi-byte UTF-8 character, so no decoding is needed (a page is served thousands of
// times a second from the cache, and decoding and re-encoding it cost a quarter of that).
const SCRIPT_OPEN = Buffer.from('<script src="/_next/static/');
const SCRIPT_SRC_AT = '<script src="'.length;
const SCRIPT_REST = Buffer.from('" async=""></script>');
const PRELOAD_OPEN = Buffer.from('<link rel="preload" as="script" fetchPriority="low" ');
const PRELOAD_HREF = Buffer.from('href="/_next/static/');
// next/script's preload of an outside script (Google's sign-in), which Next writes with the nonce
// of the request that rendered the page: on a cached page that nonce is another request's, and
// the preload would be refused. The script itself is added by the page's code, which the policy
// trusts (docs/decisions/0130-security-headers.md); the preload goes, like the chunks' preloads.
const OUTSIDE_PRELOAD_OPEN = Buffer.from('<link rel="preload" href="https://');
const AS_SCRIPT = Buffer.from('" as="script');
const PRELOAD_REST = Buffer.from('"/>');
const HEAD_CLOSE = Buffer.from('</head>');
const LOADER = Buffer.from(PAINT_FIRST_LOADER);
const PLACEHOLDER_OPEN = Buffer.from('<script type="text/x-paint-first" data-paint-first="');
const PLACEHOLDER_CLOSE = Buffer.from('"></script>');
const QUOTE = 0x22;

/** Where the quoted address that starts at `from` ends, if it is one: the closing quote. */
function addressEnd(buf, from) {
  const quote = buf.indexOf(QUOTE, from);
  if (quote === -1) return -1;
  for (let i = from; i < quote; i++) if (buf[i] === 0x3c || buf[i] === 0x3e) return -1; // < >
  return quote;
}

/** Where the quoted chunk address that starts at `from` ends, if it is one: the closing quote. */
function chunkAddressEnd(buf, from) {
  const quote = addressEnd(buf, from);
  if (quote === -1) return -1;
  return buf.toString('latin1', quote - 3, quote) === '.js' ? quote : -1;
}

const startsAt = (buf, at, bytes) =>
  at + bytes.length <= buf.length &&
  buf.compare(bytes, 0, bytes.length, at, at + bytes.length) === 0;

const NONCE_OPEN = Buffer.from('" nonce="');
const NONCE_CHARS = /^[A-Za-z0-9+/_=-]{1,64}$/;
const ASYNC = Buffer.from('" async=""');
const SCRIPT_END = Buffer.from('></script>');

/** The closing quote of a ` nonce="…"` attribute whose opening is the quote at `at`, or -1. */
function nonceClose(buf, at) {
  if (!startsAt(buf, at, NONCE_OPEN)) return -1;
  const close = buf.indexOf(QUOTE, at + NONCE_OPEN.length);
  if (close === -1 || !NONCE_CHARS.test(buf.toString('latin1', at + NONCE_OPEN.length, close)))
    return -1;
  return close;
}

/**
 * Where a chunk preload's `href="/_next/static/` starts, after its attributes from `at` on: none,
 * or the request's nonce, which Next writes before the address. -1: another form.
 */
function preloadHref(buf, at) {
  if (startsAt(buf, at, PRELOAD_HREF)) return at;
  const close = nonceClose(buf, at - 2);
  return close !== -1 && buf[close + 1] === 0x20 && startsAt(buf, close + 2, PRELOAD_HREF)
    ? close + 2
    : -1;
}

/**
 * Where a chunk tag ends, given the closing quote of its address and the form of its `rest`, also
 * when Next gave it the request's nonce (docs/decisions/0130-security-headers.md): the loader,
 * which the page's policy lets run, adds the chunk, so the nonce is not needed. -1: another form.
 */
function tagEnd(buf, quote, rest) {
  if (startsAt(buf, quote, rest)) return quote + rest.length;
  // `…" nonce="N" async=""></script>` and `…" nonce="N"/>`
  const before = nonceClose(buf, quote);
  if (before !== -1 && startsAt(buf, before, rest)) return before + rest.length;
  // `…" async="" nonce="N"></script>`
  if (rest === SCRIPT_REST && startsAt(buf, quote, ASYNC)) {
    const after = nonceClose(buf, quote + ASYNC.length - 1);
    if (after !== -1 && startsAt(buf, after + 1, SCRIPT_END)) return after + 1 + SCRIPT_END.length;
  }
  return -1;
}

/** @returns {Buffer} */
function rewrite(buf, state) {
  const parts = [];
  let pos = 0;
  // The next place of each pattern, searched again only once passed: each search covers the
  // rest of the page, which is most of it.
  let script = buf.indexOf(SCRIPT_OPEN);
  let preload = buf.indexOf(PRELOAD_OPEN);
  let outside = buf.indexOf(OUTSIDE_PRELOAD_OPEN);
  let head = state.loaderAdded ? -1 : buf.indexOf(HEAD_CLOSE);
  for (;;) {
    const at = Math.min(...[script, preload, outside, head].filter((i) => i !== -1));
    if (at === Infinity) break;
    if (at === head) {
      parts.push(buf.subarray(pos, at), LOADER);
      state.loaderAdded = true;
      pos = at;
      head = -1;
    } else if (at === script) {
      const quote = chunkAddressEnd(buf, at + SCRIPT_SRC_AT);
      const end = quote === -1 ? -1 : tagEnd(buf, quote, SCRIPT_REST);
      if (end !== -1) {
        const src = buf.subarray(at + SCRIPT_SRC_AT, quote);
        parts.push(buf.subarray(pos, at), PLACEHOLDER_OPEN, src, PLACEHOLDER_CLOSE);
        pos = end;
      }
      script = buf.indexOf(SCRIPT_OPEN, Math.max(pos, at + 1));
    } else if (at === outside) {
      const quote = addressEnd(buf, at + OUTSIDE_PRELOAD_OPEN.length);
      const end =
        quote !== -1 && startsAt(buf, quote, AS_SCRIPT)
          ? tagEnd(buf, quote + AS_SCRIPT.length, PRELOAD_REST)
          : -1;
      if (end !== -1) {
        parts.push(buf.subarray(pos, at));
        pos = end;
      }
      outside = buf.indexOf(OUTSIDE_PRELOAD_OPEN, Math.max(pos, at + 1));
    } else {
      const href = preloadHref(buf, at + PRELOAD_OPEN.length);
      const quote = href === -1 ? -1 : chunkAddressEnd(buf, href + PRELOAD_HREF.length);
      const end = quote === -1 ? -1 : tagEnd(buf, quote, PRELOAD_REST);
      if (end !== -1) {
        parts.push(buf.subarray(pos, at));
        pos = end;
      }
      preload = buf.indexOf(PRELOAD_OPEN, Math.max(pos, at + 1));
    }
  }
  if (parts.length === 0) return buf;
  parts.push(buf.subarray(pos));
  return Buffer.concat(parts);
}

/**
 * A whole page, rewritten: the page cache (page-cache-handler.mjs) keeps pages whole.
 * @param {Buffer} bytes @returns {Buffer}
 */
export function rewritePage(bytes) {
  return rewrite(bytes, { loaderAdded: false });
}
