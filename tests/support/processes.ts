import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export type Finished = {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
};

/** The environment of a child process: this one's, with the test setup's extras removed. */
function childEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, LOG_LEVEL: 'silent', NODE_ENV: 'test', ...env };
}

function collect(child: ChildProcess): Promise<Finished> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (d) => (stdout += d));
  child.stderr?.on('data', (d) => (stderr += d));
  return new Promise((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

/** Runs `npm run <script>` in the repository, as a developer would, and waits for its end. */
export function npmRun(script: string, args: string[], env: Record<string, string>) {
  const child = spawn('npm', ['run', '--silent', script, ...(args.length ? ['--', ...args] : [])], {
    cwd: root,
    env: childEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return collect(child);
}

/** Starts a TypeScript file of the repository the way the npm scripts do (tsx, react-server). */
export function startScript(file: string, args: string[], env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    // Relative, as the npm scripts name theirs: the lock must recognise its holder either way.
    ['--conditions=react-server', '--import', 'tsx', file, ...args],
    { cwd: root, env: childEnv(env), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return { child, finished: collect(child) };
}

/** Waits until a child prints a line matching `pattern` (and answers the match). */
export function waitForLine(child: ChildProcess, pattern: RegExp, timeoutMs = 30_000) {
  return new Promise<RegExpMatchArray>((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error(`no ${pattern} within ${timeoutMs} ms:\n${seen}`)),
      timeoutMs,
    );
    const look = (data: Buffer) => {
      seen += data.toString();
      const match = seen.match(pattern);
      if (match) {
        clearTimeout(timer);
        resolve(match);
      }
    };
    child.stdout?.on('data', look);
    child.stderr?.on('data', (d: Buffer) => (seen += d.toString()));
    child.on('close', () => reject(new Error(`exited before ${pattern}:\n${seen}`)));
  });
}
