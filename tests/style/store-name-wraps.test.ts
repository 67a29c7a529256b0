import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The store's name in the header of every store page (and of the theme editor's preview, which
 * frames those pages) wraps between words on a phone; it breaks inside a word only when that word
 * is wider than the whole brand column, and never makes the page wider than the screen
 * (docs/decisions/0325). `overflow-wrap: anywhere` broke "Bytes Domains" as "Bytes Dom/ains" in
 * the preview at 390 px: it lets the name shrink to one letter's width beside the logo. The
 * browser suite measures the result (tests/e2e/phone-width.spec.ts); this reads the rules.
 */
const HEADER = path.resolve(
  import.meta.dirname,
  '../../src/features/shell/components/header.module.css',
);

type Rule = { media: string; selector: string; declarations: Record<string, string> };

/** The style rules of a CSS file, each with the @media it is in ('' for none). */
export function rulesOf(css: string): Rule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: Rule[] = [];
  const walk = (from: number, media: string): number => {
    let i = from;
    while (i < text.length) {
      const open = text.indexOf('{', i);
      const close = text.indexOf('}', i);
      if (close !== -1 && (open === -1 || close < open)) return close + 1;
      if (open === -1) return text.length;
      const head = text.slice(i, open).trim();
      if (head.startsWith('@')) {
        i = walk(open + 1, head);
        continue;
      }
      const end = text.indexOf('}', open);
      const declarations: Record<string, string> = {};
      for (const part of text.slice(open + 1, end).split(';')) {
        const colon = part.indexOf(':');
        if (colon === -1) continue;
        declarations[part.slice(0, colon).trim()] = part.slice(colon + 1).trim();
      }
      rules.push({ media, selector: head, declarations });
      i = end + 1;
    }
    return i;
  };
  walk(0, '');
  return rules;
}

const PHONE = '@media (max-width: 40rem)';
const hasClass = (selector: string, name: string) =>
  selector.split(',').some((s) => new RegExp(`\\.${name}(?![\\w-])`).test(s));

describe('the store name in the header', () => {
  it('is never allowed to break anywhere inside a word', async () => {
    const rules = rulesOf(await readFile(HEADER, 'utf8')).filter(
      (r) => hasClass(r.selector, 'storeName') || hasClass(r.selector, 'brand'),
    );
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) {
      const where = `${rule.media} ${rule.selector}`.trim();
      expect(rule.declarations['overflow-wrap'], where).not.toBe('anywhere');
      expect(rule.declarations['word-wrap'], where).not.toBe('anywhere');
      expect(rule.declarations['word-break'], where).toBeUndefined();
    }
  });

  it('on a phone breaks between words, moves below the logo when a word does not fit beside it, and may shrink below a long word', async () => {
    const rules = rulesOf(await readFile(HEADER, 'utf8')).filter((r) => r.media === PHONE);
    const name = rules.find((r) => hasClass(r.selector, 'storeName'))?.declarations;
    const brand = rules.find((r) => hasClass(r.selector, 'brand'))?.declarations;
    expect(name).toBeDefined();
    expect(brand).toBeDefined();
    expect(name!['overflow-wrap']).toBe('break-word');
    // Starts as wide as its longest word: a word too wide to sit beside the logo wraps the name
    // onto a line of its own rather than being cut.
    expect(name!.width).toBe('min-content');
    expect(brand!['flex-wrap']).toBe('wrap');
    // A word wider than the whole column breaks rather than widening the page.
    expect(name!['min-width']).toBe('0');
    expect(brand!['min-width']).toBe('0');
    expect(name!.flex).toMatch(/^1 1 /);
  });
});

describe('rulesOf', () => {
  it('reads rules inside and outside @media', () => {
    const rules = rulesOf(
      '.a { color: x; } /* .b { gap: 0 } */ @media (max-width: 40rem) { .a, .b { width: 1px; min-width: 0 } }',
    );
    expect(rules).toEqual([
      { media: '', selector: '.a', declarations: { color: 'x' } },
      {
        media: '@media (max-width: 40rem)',
        selector: '.a, .b',
        declarations: { width: '1px', 'min-width': '0' },
      },
    ]);
  });
});
