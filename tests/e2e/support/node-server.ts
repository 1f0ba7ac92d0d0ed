import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { PROJECT_ROOT } from './sites.ts';

/** The session secret every test server runs with; tests use it to forge expired or foreign cookies. */
export const TEST_AUTH_SECRET = 'e2e-only-secret-0123456789abcdefghijklmnopqrstuvwxyz';

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export interface RunningServer {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts a server build on 127.0.0.1 and waits until it listens: as `npm run serve` runs it (the
 * front server, `caravan-docs serve`) when the site's `docsRoot` is given, else its bare
 * `<out>/server/entry.mjs` (what the README says still works without the front).
 */
export async function startNodeServer(out: string, base: string, env: Record<string, string> = {}, options: { docsRoot?: string } = {}): Promise<RunningServer> {
  const port = await freePort();
  const args = options.docsRoot ? ['src/cli/caravan-docs.js', 'serve', '--outDir', out] : [join(out, 'server/entry.mjs')];
  // The runner's own Node (the pinned 24), so stopping the child stops the server itself.
  const child = spawn(process.execPath, args, {
    cwd: PROJECT_ROOT,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), CARAVAN_DOCS_AUTH_SECRET: TEST_AUTH_SECRET, ...(options.docsRoot ? { DOCS_ROOT: options.docsRoot } : {}), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}${base}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server in ${out} exited (${child.exitCode}):\n${output}`);
    try {
      await fetch(`${url}robots.txt`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`The server in ${out} did not start in 20 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  return {
    url,
    process: child,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
