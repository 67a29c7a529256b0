// The UTF-8 length of a cached page's text, remembered (docs/decisions/0115).
//
// Next sends a page from its page cache with `Content-Length: Buffer.byteLength(text)`, on every
// request, before serve.mjs sees the response. The text is the same string on every request
// until the page changes, yet Node 20 counts its UTF-8 bytes afresh each time: 60 µs for a
// 98 KB search page, 5% of the server's time on a cached page. Here the length of the last few
// long strings is kept, keyed by the string itself. Next hands back the very string it keeps, so
// finding it is a comparison of two references; another string of the same length is compared
// in full (a memory compare, far cheaper than counting). A short string, another encoding or a
// Buffer goes straight to Node's own function.

/** Strings shorter than this are counted as before: counting them costs less than looking. */
export const MIN_REMEMBERED = 16 * 1024;
/** How many lengths are kept: a handful of pages served at once. */
export const REMEMBERED = 16;

/**
 * Wraps `target.byteLength` (Node's `Buffer`) once. Answers the wrapped function.
 * @param {{ byteLength: (value: unknown, encoding?: unknown) => number }} target
 */
export function rememberPageLengths(target = Buffer) {
  const count = target.byteLength;
  if (Object.hasOwn(count, 'remembersPageLengths')) return count;
  /** @type {string[]} */
  const texts = [];
  /** @type {number[]} */
  const lengths = [];
  let next = 0;
  /** @param {unknown} value @param {unknown} [encoding] */
  function byteLength(value, encoding) {
    if (
      typeof value !== 'string' ||
      value.length < MIN_REMEMBERED ||
      (encoding !== undefined && encoding !== 'utf8' && encoding !== 'utf-8')
    ) {
      return count.apply(this, arguments);
    }
    for (let i = 0; i < texts.length; i++) if (texts[i] === value) return lengths[i];
    const length = count.call(this, value, 'utf8');
    texts[next] = value;
    lengths[next] = length;
    next = (next + 1) % REMEMBERED;
    return length;
  }
  Object.defineProperty(byteLength, 'remembersPageLengths', { value: true });
  target.byteLength = byteLength;
  return byteLength;
}
