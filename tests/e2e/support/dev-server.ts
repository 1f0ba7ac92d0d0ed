import type { Page } from '@playwright/test';
import { spawn } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import { freePort } from './node-server.ts';
import { acquireBuildLock, PROJECT_ROOT } from './sites.ts';

export interface DevServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** Everything it printed so far. */
  log: () => string;
  /**
   * Stops it (its whole process group), waits for the exit, and gives the build lock back. A
   * browser page showing it leaves first: once, closing a context whose page Vite's client kept
   * retrying the stopped server on hung for 150 s.
   */
  stop: (page?: Page) => Promise<void>;
}

/**
 * `astro dev` for a docs root on a free port of 127.0.0.1, as a writer runs it. It holds the build
 * lock while it runs: it reads the content modules Astro generates in the project, which a build
 * of another site (another Playwright worker) would rewrite under it.
 */
/** How long `astro dev` may take to print that it is ready (a clean clone optimises dependencies first). */
const READY_TIMEOUT_MS = 90_000;

export async function startAstroDev(docsRoot: string): Promise<DevServer> {
  const release = acquireBuildLock();
  const port = await freePort();
  // --ignore-lock: Astro refuses a second dev server of the project while its lock file names one
  // still shutting down (a clean-clone CI run failed on that); the build lock above already keeps
  // the tests' dev servers one at a time.
  const dev = spawn('npx', ['astro', 'dev', '--ignore-lock', '--host', '127.0.0.1', '--port', String(port)], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', DOCS_ROOT: docsRoot },
    detached: true,
  });
  let log = '';
  dev.stdout.on('data', (chunk) => (log += chunk));
  dev.stderr.on('data', (chunk) => (log += chunk));
  const exited = new Promise<void>((resolve) => dev.once('exit', () => resolve()));
  // Astro moves to another port when the one asked for was taken meanwhile (another worker's
  // server): the origin is the one it prints when ready, not the one asked for.
  const started = Date.now();
  let origin: string | undefined;
  while (origin === undefined) {
    origin = /Local\s+(http:\/\/127\.0\.0\.1:\d+)/.exec(stripVTControlCharacters(log))?.[1];
    if (origin !== undefined) break;
    if (dev.exitCode !== null || Date.now() - started > READY_TIMEOUT_MS) {
      if (dev.exitCode === null) process.kill(-dev.pid!, 'SIGTERM');
      release();
      throw new Error(`astro dev did not get ready on 127.0.0.1 (asked for port ${port}) within ${READY_TIMEOUT_MS / 1000} s:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    log: () => log,
    async stop(page?: Page) {
      await page?.goto('about:blank').catch(() => undefined);
      try {
        if (dev.exitCode === null) process.kill(-dev.pid!, 'SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      } finally {
        release();
      }
    },
  };
}
