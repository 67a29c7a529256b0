import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  changesBesidesStatus,
  checkDecisionRecords,
} from '../../scripts/check-decision-records.mjs';

// docs/decisions/0157: a landed record changes only its Status line, checked by `npm run lint`.
const RECORD = `# 0007 Seven

- Date: 2026-11-20
- Status: accepted
- Context: why.
- Decision: what.
- Consequences: then.
`;

describe('a landed record against its first version', () => {
  it('accepts a changed Status line and nothing else', () => {
    const superseded = RECORD.replace('Status: accepted', 'Status: superseded by 0009');
    expect(changesBesidesStatus(RECORD, superseded)).toEqual([]);
    expect(changesBesidesStatus(RECORD, RECORD)).toEqual([]);
  });

  it('names each other line that changed', () => {
    const edited = RECORD.replace('Context: why.', 'Context: why, told again.').replace(
      'Decision: what.',
      'Decision: something else.',
    );
    expect(changesBesidesStatus(RECORD, edited)).toEqual(['line 5 changed', 'line 6 changed']);
  });

  it('refuses added or removed lines', () => {
    expect(changesBesidesStatus(RECORD, `${RECORD}- Later: an afterthought.\n`)).toEqual([
      'has 9 lines where it landed with 8',
    ]);
  });

  it('does not let a Status line stand in for another line', () => {
    const moved = RECORD.replace('- Context: why.', '- Status: accepted');
    expect(changesBesidesStatus(RECORD, moved)).toEqual(['line 5 changed']);
  });
});

describe('the check on a git repository', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function repo() {
    const dir = mkdtempSync(path.join(tmpdir(), 'storefront-records-'));
    dirs.push(dir);
    const git = (...args: string[]) =>
      execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=test@example.com', ...args], {
        cwd: dir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      });
    git('init', '-q', '-b', 'main');
    mkdirSync(path.join(dir, 'docs/decisions'), { recursive: true });
    const write = (file: string, text: string) => writeFileSync(path.join(dir, file), text);
    const commit = (message: string) => {
      git('add', '-A');
      git('commit', '-q', '-m', message);
    };
    return { dir, git, write, commit };
  }

  it('passes when landed records changed only their Status line', () => {
    const { dir, write, commit } = repo();
    write('docs/decisions/0007-seven.md', RECORD);
    commit('record 0007');
    write('docs/decisions/0007-seven.md', RECORD.replace('accepted', 'superseded by 0009'));
    expect(checkDecisionRecords({ cwd: dir })).toEqual({ checked: 1, base: 'main', problems: [] });
  });

  it('fails when a landed record was edited or removed', () => {
    const { dir, write, commit } = repo();
    write('docs/decisions/0007-seven.md', RECORD);
    write('docs/decisions/0008-eight.md', RECORD.replace('0007 Seven', '0008 Eight'));
    commit('records 0007 and 0008');
    write('docs/decisions/0007-seven.md', RECORD.replace('Context: why.', 'Context: new.'));
    unlinkSync(path.join(dir, 'docs/decisions/0008-eight.md'));
    const result = checkDecisionRecords({ cwd: dir });
    expect(result).toMatchObject({
      problems: [
        'docs/decisions/0007-seven.md: line 5 changed since it landed; only its Status line may change',
        'docs/decisions/0008-eight.md: a landed record was removed or renamed; supersede it instead',
      ],
    });
  });

  it('lets a record that exists only on a work branch be written', () => {
    const { dir, git, write, commit } = repo();
    write('docs/decisions/0007-seven.md', RECORD);
    commit('record 0007');
    git('checkout', '-q', '-b', 'work');
    write('docs/decisions/0009-nine.md', RECORD.replace('0007 Seven', '0009 Nine'));
    commit('record 0009, a draft');
    write('docs/decisions/0009-nine.md', RECORD.replace('0007 Seven', '0009 Nine, rewritten'));
    expect(checkDecisionRecords({ cwd: dir })).toEqual({ checked: 1, base: 'main', problems: [] });
  });

  it('holds records edited before the check landed to their text when it landed', () => {
    const { dir, write, commit } = repo();
    write('docs/decisions/0007-seven.md', RECORD);
    commit('record 0007');
    write('docs/decisions/0007-seven.md', RECORD.replace('Context: why.', 'Context: why, then.'));
    commit('record 0007 edited before the rule was checked');
    mkdirSync(path.join(dir, 'scripts'));
    write('scripts/check-decision-records.mjs', '// the check\n');
    commit('the check lands');
    expect(checkDecisionRecords({ cwd: dir })).toMatchObject({ problems: [] });
    write('docs/decisions/0007-seven.md', RECORD);
    expect(checkDecisionRecords({ cwd: dir })).toMatchObject({
      problems: [
        'docs/decisions/0007-seven.md: line 5 changed since it landed; only its Status line may change',
      ],
    });
  });

  it('is skipped, with the reason, on a shallow clone', () => {
    const { dir, write, commit } = repo();
    write('docs/decisions/0007-seven.md', RECORD);
    commit('record 0007');
    write('docs/decisions/0007-seven.md', RECORD.replace('Context: why.', 'Context: new.'));
    commit('record 0007 edited');
    const shallow = mkdtempSync(path.join(tmpdir(), 'storefront-shallow-'));
    dirs.push(shallow);
    execFileSync('git', ['clone', '-q', '--depth', '1', `file://${dir}`, shallow], {
      stdio: 'ignore',
    });
    expect(checkDecisionRecords({ cwd: shallow })).toEqual({
      skipped: 'the git history is shallow: a record’s first version is not known',
    });
  });

  it('is skipped, with the reason, outside a git work tree', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'storefront-nogit-'));
    dirs.push(dir);
    expect(checkDecisionRecords({ cwd: dir })).toEqual({
      skipped: 'not a git work tree (or git is missing)',
    });
  });
});
