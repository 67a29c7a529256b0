import { describe, expect, it } from 'vitest';
import { PageCacheStore } from '../../scripts/page-cache-handler.mjs';

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
