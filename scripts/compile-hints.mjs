// V8's explicit compile hint (docs/decisions/0114): every JavaScript chunk of the build starts
// with `//# allFunctionsCalledOnLoad`. Chrome (136 and later) then compiles the chunk's functions
// while it streams the file in, on a background thread, instead of compiling each one on the main
// thread the first time it runs. Nearly every function in these chunks runs while the page starts
// (React, Next's router, the page's components), so the compiling moves off the main thread and
// the page's start-up tasks get shorter. Other browsers read the line as a comment.
//
// `npm run build` runs this after `next build`, and `npm start` before it serves, so a build made
// with plain `next build` gets the hints too. Adding them twice is harmless: a chunk that already
// starts with the hint is left alone.
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Adds the hint to every `.js` file under `<distDir>/static/chunks`; answers how many it changed. */
export function addCompileHints(distDir) {
  const chunks = path.join(distDir, 'static', 'chunks');
  let changed = 0;
  let entries;
  try {
    entries = readdirSync(chunks, { recursive: true, withFileTypes: true });
  } catch (error) {
    if (error.code === 'ENOENT') return 0; // no build yet
    throw error;
  }
  for (const entry of entries) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    const code = readFileSync(file, 'utf8');
    if (code.startsWith(COMPILE_HINT)) continue;
    // Write beside and rename: a server already reading the file sees the old or the new whole.
    const temporary = `${file}.${process.pid}.tmp`;
    writeFileSync(temporary, COMPILE_HINT + code);
    renameSync(temporary, file);
    changed++;
  }
  return changed;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = path.resolve(import.meta.dirname, '..');
  const distDir = path.join(root, process.env.NEXT_DIST_DIR || '.next');
  const changed = addCompileHints(distDir);
  console.log(`compile hints: ${changed} chunk(s) marked in ${path.relative(root, distDir)}`);
}
