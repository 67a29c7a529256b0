import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { PageBytes, chosenEncoding } from '../../scripts/page-bytes.mjs';

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
    const pages = new PageBytes({ transform: (b) => b, limitBytes: 10_000 });
    const texts = ['a', 'b', 'c'].map((c) => c.repeat(2_000)); // 4,000 bytes each, key included
    const first = pages.get(texts[0]!);
    pages.get(texts[1]!);
    pages.get(texts[0]!); // used again: now the newest
    pages.get(texts[2]!); // over budget: b goes
    expect(pages.size).toBe(8_000);
    expect(pages.get(texts[0]!)).toBe(first);
    // b was made again, and so c, now the least recently used, went.
    pages.get(texts[1]!);
    expect(pages.size).toBe(8_000);
  });

  it('compresses in the background and answers undefined until then', async () => {
    const pages = new PageBytes({ transform: (b) => b });
    const page = pages.get('x'.repeat(5_000));
    expect(page.encoded('br')).toBeUndefined();
    expect(page.encoded('deflate')).toBeUndefined();
    for (let i = 0; i < 100 && page.encoded('br') === undefined; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(page.encoded('br')!.length).toBeLessThan(100);
    expect(pages.size).toBe(10_000 + page.encoded('br')!.length);
  });
});

describe('PageBytes compression jobs', () => {
  it('run one at a time, in order', async () => {
    const pages = new PageBytes({ transform: (b) => b });
    const log: string[] = [];
    let running = 0;
    const finished = new Promise<void>((resolve) => {
      for (const name of ['a', 'b', 'c'])
        pages.schedule((done) => {
          running++;
          log.push(`${name} starts with ${running} running`);
          setTimeout(() => {
            running--;
            done();
            if (name === 'c') resolve();
          }, 5);
        });
    });
    await finished;
    expect(log).toEqual([
      'a starts with 1 running',
      'b starts with 1 running',
      'c starts with 1 running',
    ]);
  });

  it('skip a page the store let go before its turn', async () => {
    const pages = new PageBytes({ transform: (b) => b, limitBytes: 10_000 });
    let release!: () => void;
    pages.schedule((done) => (release = done)); // holds the queue
    const old = pages.get('o'.repeat(2_000));
    expect(old.encoded('gzip')).toBeUndefined();
    pages.get('n'.repeat(4_000)); // over budget: the old page goes
    expect(old.dropped).toBe(true);
    release();
    await new Promise((r) => setTimeout(r, 50));
    expect(old.encoded('gzip')).toBeUndefined();
    expect(pages.size).toBe(8_000);
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
    expect(chosenEncoding(req(), res(), 5_000)).toBe('identity');
  });
});
