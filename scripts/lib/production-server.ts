import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');

/** A running `scripts/serve-prod.ts` (nginx with the production configuration). */
export interface ProductionServer {
  origin: string;
  stop(): void;
}

/**
 * Starts `scripts/serve-prod.ts` for a build on loopback and resolves once `/` answers 200: the
 * benchmarks' one way to serve what they measure. The first start on a fresh build installs nginx
 * when missing and precompresses, hence the long wait.
 */
export async function startProductionServer(dir: string, port: number): Promise<ProductionServer> {
  const origin = `http://127.0.0.1:${port}`;
  const child = spawn(
    path.join(root, 'node_modules/.bin/tsx'),
    [path.join(root, 'scripts/serve-prod.ts'), '--dir', dir, '--port', String(port)],
    // Its own process group, so that stopping it stops nginx too.
    { cwd: root, stdio: ['ignore', 'ignore', 'inherit'], detached: true },
  );
  const stop = () => {
    if (child.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  };
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`serve-prod.ts exited (${child.exitCode})`);
    try {
      if ((await fetch(`${origin}/`)).ok) return { origin, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  stop();
  throw new Error(`nothing answers at ${origin}`);
}
