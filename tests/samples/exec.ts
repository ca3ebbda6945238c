import { spawn } from 'node:child_process';

export interface ExecResult {
  /** Exit status; null when killed (timeout). */
  readonly status: number | null;
  /** stdout and stderr interleaved, the last 8000 characters. */
  readonly output: string;
  readonly timedOut: boolean;
  readonly ms: number;
}

const keep = 8000;

/** Runs a command in its own process group, so a timeout ends it and everything it started. */
export function exec(
  command: string,
  args: readonly string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<ExecResult> {
  const started = Date.now();
  return new Promise((resolve) => {
    let output = '';
    let timedOut = false;
    const child = spawn(command, args, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => {
      output = (output + chunk.toString()).slice(-keep);
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, options.timeoutMs);
    child.on('error', (error) => {
      output += String(error);
    });
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, output, timedOut, ms: Date.now() - started });
    });
  });
}

/** Runs tasks with at most `limit` at a time. */
export function pool(limit: number): <T>(task: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    // A finishing task hands its slot straight to the next waiting one.
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
