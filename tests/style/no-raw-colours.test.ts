import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Component styles (CSS files and TSX components; data such as seeded themes is not style) take every colour from the store theme (CSS custom properties), so a reseller's
 * theme reaches every pixel. Colours are allowed only in the theme itself (schema defaults and
 * built-in presets) and in the brand image files under public/.
 */
const ROOT = path.resolve(import.meta.dirname, '../../src');
const ALLOWED = [path.join(ROOT, 'features/theme')];

const NAMED = [
  'white',
  'black',
  'red',
  'green',
  'blue',
  'yellow',
  'orange',
  'purple',
  'pink',
  'brown',
  'gray',
  'grey',
  'silver',
  'gold',
  'navy',
  'teal',
  'maroon',
  'olive',
  'lime',
  'aqua',
  'fuchsia',
  'cyan',
  'magenta',
  'violet',
  'indigo',
  'crimson',
  'coral',
  'salmon',
  'tomato',
  'khaki',
  'beige',
  'ivory',
];
const CSS_COLOUR = new RegExp(
  String.raw`#[0-9a-fA-F]{3,8}\b|\b(?:rgba?|hsla?|hwb|lab|lch|oklab|oklch|color)\(|:\s*[^;{}]*\b(?:${NAMED.join('|')})\b`,
);
const TS_COLOUR = /['"`]#[0-9a-fA-F]{3,8}['"`]|\b(?:rgba?|hsla?)\(/;

async function files(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => {
      const full = path.join(dir, e.name);
      if (ALLOWED.some((a) => full.startsWith(a))) return [];
      return e.isDirectory() ? files(full) : [full];
    }),
  );
  return nested.flat();
}

/** Lines of `source` that carry a raw colour, as "file:line: text". */
export function rawColours(file: string, source: string): string[] {
  const isCss = file.endsWith('.css');
  const text = isCss
    ? source.replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, ' '))
    : source;
  const pattern = isCss ? CSS_COLOUR : TS_COLOUR;
  return text.split('\n').flatMap((line, i) => {
    if (!isCss && /^\s*(\/\/|\*)/.test(line)) return [];
    // var(--x, fallback) is still a raw colour: fallbacks must not be colours either.
    return pattern.test(line) ? [`${path.relative(ROOT, file)}:${i + 1}: ${line.trim()}`] : [];
  });
}

describe('component styles', () => {
  it('use theme variables, never raw colours', async () => {
    const all = (await files(ROOT)).filter(
      (f) => /\.(css|tsx)$/.test(f) && !/\.test\.tsx$/.test(f),
    );
    const found = (
      await Promise.all(all.map(async (f) => rawColours(f, await readFile(f, 'utf8'))))
    ).flat();
    expect(found).toEqual([]);
  });

  it('the check catches raw colours in CSS and in inline styles', () => {
    expect(rawColours('/x/a.module.css', '.a { color: #fff; }')).toHaveLength(1);
    expect(rawColours('/x/a.module.css', '.a { background: rgb(0 0 0); }')).toHaveLength(1);
    expect(rawColours('/x/a.module.css', '.a { border-color: white; }')).toHaveLength(1);
    expect(rawColours('/x/a.module.css', '.a { color: var(--text-color, #111); }')).toHaveLength(1);
    expect(rawColours('/x/a.tsx', "<p style={{ color: '#ff0000' }} />")).toHaveLength(1);
    expect(
      rawColours(
        '/x/a.module.css',
        '.a { color: var(--text-color); outline: 1px solid currentColor; }',
      ),
    ).toEqual([]);
    expect(rawColours('/x/a.module.css', '.whitespace { white-space: nowrap; }')).toEqual([]);
  });
});
