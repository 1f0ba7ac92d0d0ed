import { spawn } from 'node:child_process';
import { freePort } from './node-server.ts';
import { acquireBuildLock, PROJECT_ROOT } from './sites.ts';

export interface DevServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Everything it printed so far. */
  log: () => string;
  /** Stops it (its whole process group), waits for the exit, and gives the build lock back. */
  stop: () => Promise<void>;
}

/**
 * `astro dev` for a docs root on a free port of 127.0.0.1, as a writer runs it. It holds the build
 * lock while it runs: it reads the content modules Astro generates in the project, which a build
 * of another site (another Playwright worker) would rewrite under it.
 */
export async function startAstroDev(docsRoot: string): Promise<DevServer> {
  const release = acquireBuildLock();
  const port = await freePort();
  const dev = spawn('npx', ['astro', 'dev', '--host', '127.0.0.1', '--port', String(port)], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', DOCS_ROOT: docsRoot },
    detached: true,
  });
  let log = '';
  dev.stdout.on('data', (chunk) => (log += chunk));
  dev.stderr.on('data', (chunk) => (log += chunk));
  const exited = new Promise<void>((resolve) => dev.once('exit', () => resolve()));
  return {
    origin: `http://127.0.0.1:${port}`,
    log: () => log,
    async stop() {
      try {
        if (dev.exitCode === null) process.kill(-dev.pid!, 'SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      } finally {
        release();
      }
    },
  };
}
