import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, TEST_AUTH_SECRET } from './node-server.ts';
import { PROJECT_ROOT } from './sites.ts';

export interface FrontProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  /** Resolves with the exit code (or signal name) once the process has ended. */
  exited: Promise<number | string>;
}

/**
 * Runs `caravan-docs serve --outDir <out>` as `npm run serve` does (or `npm run serve` itself), on a
 * free port of 127.0.0.1, and waits until the site answers. Every test stops what it starts.
 */
export async function startFront(out: string, env: Record<string, string>, options: { viaNpm?: boolean; ready?: string; ownGroup?: boolean; requestLog?: boolean } = {}): Promise<FrontProcess> {
  const port = await freePort();
  const args = ['src/cli/caravan-docs.js', 'serve', '--outDir', out];
  const child = options.viaNpm
    ? // ownGroup: npm and the server in a process group of their own, which a test signals as systemd does.
      spawn('npm', ['run', '--silent', 'serve', '--', '--outDir', out], { cwd: PROJECT_ROOT, env: childEnv(port, env), stdio: ['ignore', 'pipe', 'pipe'], detached: options.ownGroup ?? false })
    : // requestLog false (benchmarks): the JSON lines on stdout are dropped instead of kept in memory here.
      spawn(process.execPath, args, { cwd: PROJECT_ROOT, env: childEnv(port, env), stdio: ['ignore', options.requestLog === false ? 'ignore' : 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | string>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal ?? -1)));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`The server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}${options.ready ?? '/healthz'}`)).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The server did not answer in 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return { url, port, child, output: () => output, exited };
}

function childEnv(port: number, env: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, HOST: '127.0.0.1', PORT: String(port), CARAVAN_DOCS_AUTH_SECRET: TEST_AUTH_SECRET, ASTRO_TELEMETRY_DISABLED: '1', ...env };
}

/** Whether something accepts TCP connections on 127.0.0.1:port. */
export async function listening(port: number): Promise<boolean> {
  try {
    await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2000) });
    return true;
  } catch {
    return false;
  }
}
