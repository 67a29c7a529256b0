import { describe, expect, it } from 'vitest';
import { PageBytes } from '../../scripts/page-bytes.mjs';

const upper = (bytes: Buffer) => Buffer.from(bytes.toString('utf8').toUpperCase());

describe('PageBytes', () => {
  it('transforms a page once and hands the same bytes out for the same text', () => {
    let transforms = 0;
    const pages = new PageBytes({
      transform: (b) => {
        transforms++;
        return upper(b);
      },
    });
    const text = `<p>${'£ price '.repeat(200)}</p>`;
    const a = pages.get(text);
    // An equal text built anew (as a fresh string from Next) finds the same page.
    const b = pages.get(`<p>${'£ price '.repeat(200)}</p>`);
    expect(b).toBe(a);
    expect(transforms).toBe(1);
    expect(a.identity.toString('utf8')).toBe(text.toUpperCase());
  });

  it('keeps within its byte budget, dropping the least recently used page', () => {
    const pages = new PageBytes({ transform: (b) => b, limitBytes: 15_000 });
    // 6,000 bytes each: the text counted at two bytes a character, and its 2,000 bytes.
    const texts = ['a', 'b', 'c'].map((c) => c.repeat(2_000));
    const first = pages.get(texts[0]!);
    const second = pages.get(texts[1]!);
    pages.get(texts[0]!); // used again: now the newest
    pages.get(texts[2]!); // over budget: b goes
    expect(second.dropped).toBe(true);
    expect(pages.size).toBe(12_000);
    expect(pages.get(texts[0]!)).toBe(first);
    expect(first.dropped).toBe(false);
  });

  it("makes the entity tag and the inline scripts' hashes once per page", () => {
    const pages = new PageBytes({ transform: (b) => b });
    const page = pages.get('<html><head><script>self.a=1</script></head><body>x</body></html>');
    expect(page.etag).toMatch(/^"[\w-]{27}"$/);
    expect(page.etag).toBe(page.etag);
    expect(page.scriptHashes).toHaveLength(1);
    expect(page.scriptHashes[0]).toMatch(/^'sha256-/);
    expect(pages.get('<html><head></head><body>y</body></html>').etag).not.toBe(page.etag);
  });
});
