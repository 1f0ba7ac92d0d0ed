import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { freePort } from './node-server.ts';

/** Debian's redis-server (installed by .ci/run when missing). */
const REDIS_SERVER = existsSync('/usr/bin/redis-server') ? '/usr/bin/redis-server' : 'redis-server';

export interface RunningRedis {
  url: string;
  port: number;
  /** Stops it (SIGTERM) and waits for the exit; the port stays reserved for `start`. */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty (nothing is saved to disk). */
  start(): Promise<void>;
  /** Freezes it (SIGSTOP): connections stay open and nothing answers, as a hung store; its data is kept. */
  pause(): void;
  /** Lets a paused server go on (SIGCONT). */
  resume(): void;
}

/** A throwaway redis-server on 127.0.0.1 with no persistence, on a free port. */
export async function startRedis(): Promise<RunningRedis> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  let output = '';
  const start = async () => {
    output = '';
    child = spawn(REDIS_SERVER, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--protected-mode', 'no'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    const deadline = Date.now() + 10_000;
    while (!output.includes('Ready to accept connections')) {
      if (child.exitCode !== null) throw new Error(`redis-server exited (${child.exitCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`redis-server did not start in 10 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = () =>
    new Promise<void>((resolve) => {
      const running = child;
      if (!running || running.exitCode !== null) return resolve();
      running.once('exit', () => resolve());
      running.kill('SIGTERM');
    });
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, stop, start, pause: () => child?.kill('SIGSTOP'), resume: () => child?.kill('SIGCONT') };
}
