import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { inlineLoader, PAINT_FIRST_LOADER, rewritePage } from '../../scripts/paint-first.mjs';

// The shape of a page as Next 16 writes it: a preload and async chunk scripts in <head>, the
// bootstrap chunk in <body>, inline flight data that mentions the same chunks in escaped JSON.
const PAGE =
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>' +
  '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/boot.js"/>' +
  '<script src="/_next/static/chunks/a.js" async=""></script>' +
  '<script src="/_next/static/chunks/b-é.js" async=""></script>' +
  '<title>Nameport — £ prices</title>' +
  '<script src="/_next/static/chunks/legacy.js" noModule=""></script></head>' +
  '<body><h1>Find your domain</h1><p>Prices in £ and €</p>' +
  '<script src="/_next/static/chunks/boot.js" async=""></script>' +
  '<script src="https://tags.example/gtm.js" async=""></script>' +
  '<script>self.__next_f.push([1,"[\\"$\\",\\"script\\",\\"s\\",{\\"src\\":\\"/_next/static/chunks/a.js\\",\\"async\\":true}]"])</script>' +
  '</body></html>';

const placeholder = (src: string) =>
  `<script type="text/x-paint-first" data-paint-first="${src}"></script>`;

function expectRewritten(html: string) {
  expect(html).toContain(placeholder('/_next/static/chunks/a.js'));
  expect(html).toContain(placeholder('/_next/static/chunks/b-é.js'));
  expect(html).toContain(placeholder('/_next/static/chunks/boot.js'));
  expect(html).not.toContain('rel="preload" as="script"');
  expect(html).not.toMatch(/<script src="\/_next\/static\/[^"]+" async="">/);
  // Other scripts are left alone: the legacy bundle, third-party tags, the flight data.
  expect(html).toContain('<script src="/_next/static/chunks/legacy.js" noModule=""></script>');
  expect(html).toContain('<script src="https://tags.example/gtm.js" async=""></script>');
  expect(html).toContain('\\"src\\":\\"/_next/static/chunks/a.js\\",\\"async\\":true');
  // The loader comes once, at the end of <head>; the text is otherwise unchanged.
  expect(html.split(PAINT_FIRST_LOADER)).toHaveLength(2);
  expect(html).toContain(`${PAINT_FIRST_LOADER}</head>`);
  expect(html).toContain('<title>Nameport — £ prices</title>');
  expect(html).toContain('<p>Prices in £ and €</p>');
}

describe('rewritePage', () => {
  const rewriteWhole = (page: string) => rewritePage(Buffer.from(page)).toString('utf8');

  it('rewrites a page', () => {
    expectRewritten(rewriteWhole(PAGE));
  });

  it('leaves a page without Next chunks as it was, apart from the loader', () => {
    const page = '<html><head><title>x</title></head><body>Hello</body></html>';
    expect(rewriteWhole(page)).toBe(
      `<html><head><title>x</title>${PAINT_FIRST_LOADER}</head><body>Hello</body></html>`,
    );
  });

  it('ships a loader that is valid JavaScript', () => {
    const source = PAINT_FIRST_LOADER.replace(/^<script>/, '').replace(/<\/script>$/, '');
    expect(() => new vm.Script(source)).not.toThrow();
  });

  it('inlines the loader file without its comment lines and indentation', () => {
    const file = readFileSync(
      new URL('../../scripts/paint-first-loader.js', import.meta.url),
      'utf8',
    );
    expect(file).toContain('// ');
    expect(PAINT_FIRST_LOADER).not.toMatch(/^\s*\/\//m);
    expect(PAINT_FIRST_LOADER).not.toMatch(/^[ \t]/m);
    expect(PAINT_FIRST_LOADER).toContain("querySelectorAll('script[data-paint-first]')");
    expect(inlineLoader('  // why\n  a();\n\n  b();\n')).toBe('<script>a();\nb();</script>');
  });

  it('refuses a loader that would end its script element early', () => {
    expect(() => inlineLoader('var s = "</script>";')).toThrow();
    expect(() => inlineLoader('var s = "<!--";')).toThrow();
  });
});

describe('rewritePage on pages that end early or bend the pattern', () => {
  const rewrite = (page: string) => rewritePage(Buffer.from(page)).toString('utf8');

  it('leaves a chunk tag cut off at the end of the page as it was', () => {
    for (const tail of [
      '<script src="/_next/static/chunks/a.js" async=""></scr',
      '<script src="/_next/static/chunks/a.js" async',
      '<script src="/_next/static/chunks/a.js',
      '<link rel="preload" as="script" fetchPriority="low" href="/_next/static/chunks/a.js"',
    ]) {
      expect(rewrite(`<p>x</p>${tail}`)).toBe(`<p>x</p>${tail}`);
    }
  });

  it('leaves look-alikes alone: other files, other attributes, markup in the address', () => {
    const page =
      '<head><script src="/_next/static/chunks/a.css" async=""></script>' +
      '<script src="/_next/static/chunks/a.js" defer=""></script>' +
      '<script src="/_next/static/<b>.js" async=""></script>' +
      '<script src="/_next/static/chunks/ok.js" async=""></script></head>';
    expect(rewrite(page)).toBe(
      '<head><script src="/_next/static/chunks/a.css" async=""></script>' +
        '<script src="/_next/static/chunks/a.js" defer=""></script>' +
        '<script src="/_next/static/<b>.js" async=""></script>' +
        placeholder('/_next/static/chunks/ok.js') +
        `${PAINT_FIRST_LOADER}</head>`,
    );
  });
});
