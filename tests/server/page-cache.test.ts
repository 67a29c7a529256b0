import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import PageCacheHandler, { preparePage } from '../../scripts/page-cache-handler.mjs';
import { PageCacheStore } from '../../scripts/page-cache-store.mjs';
import { withPageContext } from '../../scripts/page-context.mjs';
import { PAINT_FIRST_LOADER } from '../../scripts/paint-first.mjs';

const TAG = 'store:bytes.localhost';
const page = (text: string) => ({
  kind: 'APP_PAGE',
  html: `<p>${text}</p>`,
  headers: { 'x-next-cache-tags': `_N_T_/layout,${TAG}` },
});
const tick = () => new Promise((resolve) => setTimeout(resolve, 2));

describe('the page cache of one instance', () => {
  it('serves a page rendered before a store change no more, even when its render ends after it', async () => {
    const pages = new PageCacheStore();
    // A visit misses and its render begins, reading the store as it was.
    expect(pages.get('/bytes.localhost/')).toBeNull();
    await tick();
    // The store changes while that render is under way.
    pages.expire([TAG], { announce: false });
    await tick();
    // The render ends and is kept; the next visit must not be served the page from before.
    pages.set('/bytes.localhost/', page('before the change'));
    expect(pages.get('/bytes.localhost/')).toBeNull();

    // That visit renders afresh: its page is kept and served.
    await tick();
    pages.set('/bytes.localhost/', page('after the change'));
    expect(pages.get('/bytes.localhost/')?.value).toEqual(page('after the change'));
  });

  it('keeps a page rendered with no change under way, and drops it at the next change', async () => {
    const pages = new PageCacheStore();
    expect(pages.get('/acme.localhost/')).toBeNull();
    pages.set('/acme.localhost/', page('acme'));
    expect(pages.get('/acme.localhost/')?.value).toEqual(page('acme'));
    await tick();
    pages.expire([TAG], { announce: false });
    await tick();
    expect(pages.get('/acme.localhost/')).toBeNull();
    // The render after the change is kept at once: the hits before it began no render.
    await tick();
    pages.set('/acme.localhost/', page('acme changed'));
    expect(pages.get('/acme.localhost/')?.value).toEqual(page('acme changed'));
  });

  it('dates a page rendered again past its revalidate time from when Next began that render', async () => {
    const pages = new PageCacheStore();
    expect(pages.get('/numbers/')).toBeNull();
    pages.set('/numbers/', page('numbers'), [], 0);
    await tick();
    // Past its revalidate time: Next serves it and renders it in the background, during which
    // the store changes; the page that render sets is from before the change.
    expect(pages.get('/numbers/')?.value).toEqual(page('numbers'));
    await tick();
    pages.expire([TAG], { announce: false });
    await tick();
    pages.set('/numbers/', page('numbers before the change'), [], 0);
    expect(pages.get('/numbers/')).toBeNull();
  });
});

describe('pages as the page cache keeps and hands them out', () => {
  const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
  const rendered = {
    kind: 'APP_PAGE',
    html:
      '<!DOCTYPE html><html><head><script src="/_next/static/chunks/a.js" async="" nonce="bm9uY2U="></script>' +
      '</head><body><h1>Prices in £</h1><script nonce="bm9uY2U=">self.__next_f.push([1,"£"])</script></body></html>',
    headers: {},
    status: 200,
  };
  const loader = PAINT_FIRST_LOADER.slice('<script>'.length, -'</script>'.length);

  it('keeps a page with its chunks waiting for the first paint, and its scripts hashed once', () => {
    const { value, scriptHashes } = preparePage(rendered) as {
      value: { html: string };
      scriptHashes: string[];
    };
    expect(value.html).toContain(
      '<script type="text/x-paint-first" data-paint-first="/_next/static/chunks/a.js"></script>',
    );
    expect(value.html).toContain(`${PAINT_FIRST_LOADER}</head>`);
    expect(value.html).toContain('<h1>Prices in £</h1>');
    expect(scriptHashes.sort()).toEqual(
      [hashOf(loader), hashOf('self.__next_f.push([1,"£"])')].sort(),
    );
    // PAINT_FIRST=off: the page as Next wrote it, its scripts still hashed.
    const plain = preparePage(rendered, { rewrite: false });
    expect(plain.value).toBe(rendered);
    expect(plain.scriptHashes).toEqual([hashOf('self.__next_f.push([1,"£"])')]);
    // Data and route answers are kept as they are, with nothing to hash.
    const data = {
      kind: 'FETCH',
      data: { body: '<script src="/_next/static/x.js" async=""></script>' },
    };
    expect(preparePage(data)).toEqual({ value: data });
  });

  it("notes a cached page's scripts in the request it is handed out to, and only there", async () => {
    const key = `/page-cache.test/${Date.now()}`;
    const handler = new PageCacheHandler();
    await handler.set(key, rendered, { tags: [] });
    const [inRequest, otherRequest] = await Promise.all([
      withPageContext(async (context) => {
        const entry = (await new PageCacheHandler().get(key)) as { value: { html: string } };
        expect(entry.value.html).toContain('data-paint-first="/_next/static/chunks/a.js"');
        return context.scriptHashes;
      }),
      withPageContext(async (context) => {
        await new PageCacheHandler().get(`${key}/not-kept`);
        return context.scriptHashes;
      }),
    ]);
    expect(inRequest.sort()).toEqual(
      [hashOf(loader), hashOf('self.__next_f.push([1,"£"])')].sort(),
    );
    expect(otherRequest).toEqual([]);
    // Outside a request (a render in the background) nothing is noted, and nothing fails.
    expect(await handler.get(key)).not.toBeNull();
  });
});
