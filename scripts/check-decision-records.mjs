// A landed decision record changes only its Status line (docs/decisions/0053, 0157). Run by
// `npm run lint`. "Landed" means present in the main branch's history; a record that exists only
// on a work branch may still be written. Without git, or with a shallow history in which a
// record's first version cannot be known, the check is skipped with a message rather than
// failing, so a fresh or shallow CI clone still lints.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const RECORDS_DIR = 'docs/decisions';
const CHECK_SCRIPT = 'scripts/check-decision-records.mjs';
const STATUS_LINE = /^\s*-?\s*Status:/;
/** Where the main branch may be found, first match wins; HEAD when none exists (CI on main). */
const BASE_CANDIDATES = [
  'main',
  'origin/main',
  'refs/remotes/origin/HEAD',
  'master',
  'origin/master',
];

function git(cwd, args) {
  return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
}

function tryGit(cwd, args) {
  try {
    return git(cwd, args).trim();
  } catch {
    return null;
  }
}

/**
 * Lines of `current` that differ from `landed` other than the Status line: an empty list when
 * the record kept its text. A changed line count is one problem, since lines no longer pair up.
 */
export function changesBesidesStatus(landed, current) {
  const before = landed.replace(/\r\n/g, '\n').split('\n');
  const after = current.replace(/\r\n/g, '\n').split('\n');
  if (before.length !== after.length) {
    return [`has ${after.length} lines where it landed with ${before.length}`];
  }
  const changes = [];
  before.forEach((line, i) => {
    const now = after[i];
    if (line === now) return;
    if (STATUS_LINE.test(line) && STATUS_LINE.test(now ?? '')) return;
    changes.push(`line ${i + 1} changed`);
  });
  return changes;
}

/** Each path under `dir` first added in `base`'s first-parent history -> the commit adding it. */
function firstAdds(cwd, base, dir) {
  const log = git(cwd, [
    'log',
    base,
    '--first-parent',
    '--reverse',
    '--diff-filter=A',
    '--no-renames',
    '--format=%x00%H',
    '--name-only',
    '--',
    dir,
  ]);
  const added = new Map();
  for (const entry of log.split('\0').slice(1)) {
    const [commit, ...files] = entry.split('\n').filter(Boolean);
    for (const file of files) {
      if (!added.has(file)) added.set(file, commit);
    }
  }
  return added;
}

function readBlobs(cwd, specs) {
  const result = spawnSync('git', ['cat-file', '--batch'], {
    cwd,
    input: specs.join('\n') + '\n',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error('git cat-file failed');
  const out = result.stdout;
  const texts = [];
  let at = 0;
  for (let i = 0; i < specs.length; i++) {
    const headerEnd = out.indexOf(10, at);
    const [, type, size] = out.subarray(at, headerEnd).toString('utf8').split(' ');
    if (type !== 'blob') throw new Error(`no blob for ${specs[i]}`);
    const start = headerEnd + 1;
    texts.push(out.subarray(start, start + Number(size)).toString('utf8'));
    at = start + Number(size) + 1;
  }
  return texts;
}

/**
 * Checks the records of the repository at `cwd` against their first versions in the main
 * branch's history. Answers `{skipped}` with the reason when that history cannot be read, else
 * `{checked, problems}`.
 */
export function checkDecisionRecords({ cwd, base } = {}) {
  const root = cwd ?? process.cwd();
  if (tryGit(root, ['rev-parse', '--is-inside-work-tree']) !== 'true') {
    return { skipped: 'not a git work tree (or git is missing)' };
  }
  if (tryGit(root, ['rev-parse', '--is-shallow-repository']) === 'true') {
    return { skipped: 'the git history is shallow: a record’s first version is not known' };
  }
  const ref =
    base ??
    BASE_CANDIDATES.find((c) => tryGit(root, ['rev-parse', '--verify', '-q', `${c}^{commit}`])) ??
    'HEAD';
  if (tryGit(root, ['rev-parse', '--verify', '-q', `${ref}^{commit}`]) === null) {
    return { skipped: `no commit at ${ref} yet` };
  }
  const top = git(root, ['rev-parse', '--show-toplevel']).trim();
  // Records edited before this check existed are history; they are held to their text as it
  // stood when the check landed (or at the tip of main, before it has).
  const since =
    firstAdds(top, ref, CHECK_SCRIPT).get(CHECK_SCRIPT) ?? git(top, ['rev-parse', ref]).trim();
  const before = new Set(
    git(top, ['ls-tree', '-r', '--name-only', since, '--', RECORDS_DIR])
      .split('\n')
      .filter(Boolean),
  );
  const reference = new Map([...before].filter((f) => f.endsWith('.md')).map((f) => [f, since]));
  for (const [file, commit] of firstAdds(top, ref, RECORDS_DIR)) {
    if (!file.endsWith('.md') || before.has(file)) continue;
    // Added and removed again before the check landed: history, not a landed record.
    if (tryGit(top, ['merge-base', '--is-ancestor', commit, since]) !== null) continue;
    reference.set(file, commit);
  }
  const files = [...reference.keys()].sort();
  const landed = readBlobs(
    top,
    files.map((file) => `${reference.get(file)}:${file}`),
  );
  const problems = [];
  files.forEach((file, i) => {
    const onDisk = path.join(top, file);
    if (!existsSync(onDisk)) {
      problems.push(`${file}: a landed record was removed or renamed; supersede it instead`);
      return;
    }
    for (const change of changesBesidesStatus(landed[i], readFileSync(onDisk, 'utf8'))) {
      problems.push(`${file}: ${change} since it landed; only its Status line may change`);
    }
  });
  return { checked: files.length, base: ref, problems };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const result = checkDecisionRecords();
  if ('skipped' in result) {
    console.log(`decision records: check skipped, ${result.skipped}`);
  } else if (result.problems.length > 0) {
    console.error(
      `decision records: a landed record changes only its Status line; write a new record that supersedes it (docs/decisions/0053).\n` +
        result.problems.map((p) => `  ${p}`).join('\n'),
    );
    process.exitCode = 1;
  } else {
    console.log(
      `decision records: ${result.checked} landed records unchanged but for Status (${result.base})`,
    );
  }
}
