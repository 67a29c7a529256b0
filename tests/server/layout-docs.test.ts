import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FEATURE_LAYERS } from '../../eslint.config.mjs';

// docs/decisions/0156: the layer map a reader finds is the one lint enforces.
const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/**
 * The layers written in `text`, lowest first: a line of feature names (parenthesised notes
 * dropped) starting with `<` opens a layer, one without continues the layer before it.
 */
function layersIn(text: string): string[][] {
  const layers: string[][] = [];
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\([^)]*\)/g, '').trim();
    const match = /^(<\s*)?([a-z-]+(?:\s*,\s*[a-z-]+)*)\s*,?$/.exec(line);
    if (!match) continue;
    const names = match[2]!.split(',').map((n) => n.trim());
    if (match[1] || layers.length === 0) layers.push(names);
    else layers.at(-1)!.push(...names);
  }
  return layers;
}

function between(text: string, start: string, end: string): string {
  const from = text.indexOf(start);
  const to = text.indexOf(end, from + start.length);
  if (from < 0 || to < 0) throw new Error(`no text between ${start} and ${end}`);
  return text.slice(from + start.length, to);
}

describe('the written layer maps', () => {
  it("README's Layout section lists the layers of eslint.config.mjs", () => {
    const block = between(read('README.md'), '\nsrc/features/', '\nsrc/components/');
    expect(layersIn(block)).toEqual(FEATURE_LAYERS);
  });

  it('docs/contract/architecture.md lists them', () => {
    const block = between(read('docs/contract/architecture.md'), '## Layers', '## One request');
    expect(layersIn(between(block, 'The current map:\n\n```', '```'))).toEqual(FEATURE_LAYERS);
  });

  it('the newest decision record with a layer map lists them', () => {
    const records = readdirSync(path.join(root, 'docs/decisions')).sort().reverse();
    const newest = records
      .map((file) => read(`docs/decisions/${file}`))
      .find((text) => text.includes('The layer map, lowest first'));
    expect(newest).toBeDefined();
    const map = between(between(newest!, 'The layer map, lowest first', '\n  - '), '```', '```');
    expect(layersIn(map)).toEqual(FEATURE_LAYERS);
  });
});
