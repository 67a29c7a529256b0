import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { type Compressor, PageBytes, chosenEncoding } from '../../scripts/page-bytes.mjs';

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
    expect(a.encoded('identity')).toBe(a.identity);
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

  it('compresses in the background and answers undefined until then', async () => {
    const pages = new PageBytes({ transform: (b) => b });
    const page = pages.get('x'.repeat(5_000));
    expect(page.encoded('br')).toBeUndefined();
    expect(page.encoded('deflate')).toBeUndefined();
    for (let i = 0; i < 100 && page.encoded('br') === undefined; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(page.encoded('br')!.length).toBeLessThan(100);
    expect(pages.size).toBe(15_000 + page.encoded('br')!.length);
  });
});

describe('PageBytes compression jobs', () => {
  /** Compressors that say how many ran at once, and answer when told to. */
  function slowCompressors() {
    const log: string[] = [];
    const pending: (() => void)[] = [];
    let running = 0;
    const compressor: Compressor = (bytes, done) => {
      running++;
      log.push(`${bytes.toString().slice(0, 1)} with ${running} running`);
      pending.push(() => {
        running--;
        done(null, Buffer.from('z'));
      });
    };
    const finishOne = async () => {
      pending.shift()!();
      await new Promise((r) => setImmediate(r));
    };
    return { compressors: { br: compressor, gzip: compressor }, log, finishOne };
  }

  it('run one at a time, in order', async () => {
    const { compressors, log, finishOne } = slowCompressors();
    const pages = new PageBytes({ transform: (b) => b, compressors });
    const made = ['a', 'b', 'c'].map((c) => pages.get(c.repeat(10)));
    for (const page of made) expect(page.encoded('br')).toBeUndefined();
    for (let i = 0; i < 3; i++) await finishOne();
    expect(log).toEqual(['a with 1 running', 'b with 1 running', 'c with 1 running']);
    for (const page of made) expect(page.encoded('br')).toEqual(Buffer.from('z'));
    expect(pages.waiting).toBe(0);
  });

  it('drop the jobs of pages the store let go, however many wait', async () => {
    const { compressors, log, finishOne } = slowCompressors();
    const pages = new PageBytes({ transform: (b) => b, limitBytes: 100_000, compressors });
    const busy = pages.get('busy'.repeat(10));
    busy.encoded('br'); // runs, and holds the queue
    // As requests bring them: each page is asked for in gzip when it is new.
    const waiting = Array.from({ length: 5_000 }, (_, i) => {
      const page = pages.get(`page ${i} `.repeat(30));
      page.encoded('gzip');
      return page;
    });
    // Most were let go to keep within the budget, and their jobs went with them.
    const kept = waiting.filter((page) => !page.dropped);
    expect(kept.length).toBeGreaterThan(0);
    expect(kept.length).toBeLessThan(waiting.length / 10);
    expect(pages.waiting).toBe(kept.length);
    for (let i = 0; i <= kept.length; i++) await finishOne();
    expect(log).toHaveLength(kept.length + 1);
    expect(pages.waiting).toBe(0);
    for (const page of kept) expect(page.encoded('gzip')).toEqual(Buffer.from('z'));
    // A page let go is not compressed later either.
    expect(waiting[0]!.encoded('gzip')).toBeUndefined();
    expect(pages.waiting).toBe(0);
    expect(pages.size).toBeLessThanOrEqual(100_000);
  });
});

describe('chosenEncoding', () => {
  const req = (acceptEncoding?: string) =>
    ({ headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }) as IncomingMessage;
  const res = (cacheControl?: string) =>
    ({
      getHeader: (name: string) => (name === 'cache-control' ? cacheControl : undefined),
    }) as unknown as ServerResponse;

  it('answers what compression would: br first, then gzip, as the client weighs them', () => {
    expect(chosenEncoding(req('gzip, deflate, br, zstd'), res(), 5_000)).toBe('br');
    expect(chosenEncoding(req('gzip, deflate'), res(), 5_000)).toBe('gzip');
    expect(chosenEncoding(req('br;q=0.5, gzip'), res(), 5_000)).toBe('gzip');
    expect(chosenEncoding(req('deflate'), res(), 5_000)).toBe('deflate');
    expect(chosenEncoding(req('zstd'), res(), 5_000)).toBe('identity');
  });

  it('sends small bodies, no-transform answers and clients without Accept-Encoding as they are', () => {
    expect(chosenEncoding(req('br'), res(), 1_000)).toBe('identity');
    expect(chosenEncoding(req('br'), res('public, no-transform'), 5_000)).toBe('identity');
    expect(chosenEncoding(req('br'), res('No-Transform'), 5_000)).toBe('identity');
    expect(chosenEncoding(req(), res(), 5_000)).toBe('identity');
  });
});
