import { expect, type Locator } from '@playwright/test';

/**
 * Names a store's header must lay out on a phone (docs/decisions/0325): the demo stores', a long
 * name of ordinary words, and one word wider than any phone's brand column.
 */
export const STORE_NAMES = [
  'Bytes Domains',
  'Harbor Telecom',
  'Ringo Connect',
  'The Extraordinarily Wonderful Telecommunications Company of Greater Manchester',
  'Supercalifragilisticexpialidociousnetworks',
];

type Layout = {
  name: string;
  /** Words broken across lines though each is no wider than the brand column. */
  broken: string[];
  /** How far the name reaches past its column, on either side (px). */
  outside: number;
  /** How much wider the document is than its window (px). */
  wider: number;
};

/**
 * The header's store name (`name`, in a page or in the theme editor's preview frame) laid out as
 * each of STORE_NAMES, with the real CSS and fonts of that page: it wraps between words, breaks
 * inside a word only when that word is wider than the whole brand column, stays in its column
 * (over neither the account nor the cart), and the document is no wider than its window. The
 * name shown is put back afterwards.
 */
export async function expectStoreNameWraps(name: Locator, where: string): Promise<void> {
  const layouts: Layout[] = await name.evaluate((span, names) => {
    const original = span.textContent;
    const brand = span.parentElement!;
    const found: Layout[] = [];
    for (const text of names) {
      span.textContent = text;
      const column = brand.getBoundingClientRect();
      const box = span.getBoundingClientRect();
      const broken: string[] = [];
      const node = span.firstChild!;
      for (const word of text.matchAll(/[^\s-]+/g)) {
        const range = document.createRange();
        range.setStart(node, word.index);
        range.setEnd(node, word.index + word[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 1);
        const lines = new Set(rects.map((r) => Math.round(r.top)));
        const width = rects.reduce((sum, r) => sum + r.width, 0);
        if (lines.size > 1 && width <= column.width) broken.push(word[0]);
      }
      found.push({
        name: text,
        broken,
        outside: Math.max(0, column.left - box.left, box.right - column.right),
        wider: document.documentElement.scrollWidth - window.innerWidth,
      });
    }
    span.textContent = original;
    return found;
  }, STORE_NAMES);
  for (const layout of layouts) {
    const what = `${where}, named "${layout.name}"`;
    expect(layout.broken, `${what}: words broken though they fit`).toEqual([]);
    expect(layout.outside, `${what}: the name leaves its column`).toBeLessThanOrEqual(1);
    expect(layout.wider, `${what}: wider than the screen`).toBeLessThanOrEqual(0);
  }
}
