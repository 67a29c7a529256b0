import { describe, expect, it } from 'vitest';
import { MIN_REMEMBERED, REMEMBERED, rememberPageLengths } from '../../scripts/page-length.mjs';

/** A stand-in for Node's Buffer whose byteLength is Node's own, counted. */
function counted() {
  const target = {
    calls: 0,
    byteLength(value: unknown, encoding?: unknown): number {
      target.calls++;
      return Buffer.byteLength(value as string, encoding as BufferEncoding);
    },
  };
  return target;
}

// A page's text with characters of one, two, three and four UTF-8 bytes.
const page = (n: number) => `<p>${n} £ … 🙂</p>`.padEnd(MIN_REMEMBERED + n, 'x');

describe('rememberPageLengths', () => {
  it("answers Node's length for every string, and counts a page's text once", () => {
    const target = counted();
    const byteLength = rememberPageLengths(target);
    const text = page(1);
    for (let i = 0; i < 5; i++) expect(byteLength(text)).toBe(Buffer.byteLength(text));
    expect(byteLength(text, 'utf8')).toBe(Buffer.byteLength(text));
    expect(target.calls).toBe(1);
    // The same text in another string is the same page: answered from memory, rightly.
    const copy = [...text].join('');
    expect(byteLength(copy)).toBe(Buffer.byteLength(text));
    expect(target.calls).toBe(1);
  });

  it('counts short strings, other encodings and buffers as Node does, every time', () => {
    const target = counted();
    const byteLength = rememberPageLengths(target);
    const long = page(2);
    expect(byteLength('£ 🙂')).toBe(7);
    expect(byteLength('£ 🙂')).toBe(7);
    expect(byteLength(long, 'latin1')).toBe(long.length);
    expect(byteLength(long, 'utf16le')).toBe(2 * long.length);
    expect(byteLength(Buffer.from('abc'))).toBe(3);
    expect(target.calls).toBe(5);
  });

  it('keeps the last few pages only, and forgets the oldest', () => {
    const target = counted();
    const byteLength = rememberPageLengths(target);
    const pages = Array.from({ length: REMEMBERED + 1 }, (_, i) => page(i));
    for (const text of pages) expect(byteLength(text)).toBe(Buffer.byteLength(text));
    expect(target.calls).toBe(REMEMBERED + 1);
    expect(byteLength(pages.at(-1))).toBe(Buffer.byteLength(pages.at(-1)!));
    expect(target.calls).toBe(REMEMBERED + 1);
    // The first one was let go to make room: counted again.
    expect(byteLength(pages[0])).toBe(Buffer.byteLength(pages[0]!));
    expect(target.calls).toBe(REMEMBERED + 2);
  });

  it('wraps once, however often it is asked to', () => {
    const target = counted();
    const first = rememberPageLengths(target);
    expect(rememberPageLengths(target)).toBe(first);
    expect(target.byteLength).toBe(first);
  });
});
