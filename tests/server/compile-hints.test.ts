import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { addCompileHints, COMPILE_HINT } from '../../scripts/compile-hints.mjs';

// docs/decisions/0114: every chunk of the build starts with V8's compile hint, exactly once.
describe('compile hints', () => {
  let dist = '';
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  function build(files: Record<string, string>) {
    dist = mkdtempSync(path.join(tmpdir(), 'storefront-hints-'));
    for (const [name, text] of Object.entries(files)) {
      const file = path.join(dist, 'static', 'chunks', name);
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, text);
    }
    return (name: string) => readFileSync(path.join(dist, 'static', 'chunks', name), 'utf8');
  }

  it('puts the hint first in every script chunk, its code unchanged after it', () => {
    const read = build({
      'a.js': '(globalThis.TURBOPACK||[]).push([1,()=>{}]);',
      'nested/b.js': 'console.log("b")\n',
      'style.css': 'body{margin:0}',
    });
    expect(addCompileHints(dist)).toBe(2);
    expect(read('a.js')).toBe(`${COMPILE_HINT}(globalThis.TURBOPACK||[]).push([1,()=>{}]);`);
    expect(read('nested/b.js')).toBe(`${COMPILE_HINT}console.log("b")\n`);
    expect(read('style.css')).toBe('body{margin:0}');
  });

  it('marks a chunk once however often it runs', () => {
    const read = build({ 'a.js': 'let x = 1;' });
    addCompileHints(dist);
    expect(addCompileHints(dist)).toBe(0);
    expect(read('a.js')).toBe(`${COMPILE_HINT}let x = 1;`);
  });

  it('has nothing to do before the first build', () => {
    dist = path.join(tmpdir(), `storefront-no-build-${process.pid}`);
    expect(addCompileHints(dist)).toBe(0);
  });

  it('is the exact comment V8 reads, and a plain comment to other browsers', () => {
    expect(COMPILE_HINT).toBe('//# allFunctionsCalledOnLoad\n');
  });
});
