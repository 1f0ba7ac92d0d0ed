import type { Server } from 'node:http';
import type { Logger } from './log.ts';

export interface ShutdownOptions {
  server: Server;
  /** Marks the front as stopping (probes answer 503, responses close their connection). */
  beginShutdown: () => void;
  inFlight: () => number;
  /** How long in-flight requests may take to finish before their connections are closed. */
  timeoutMs: number;
  /** Closed after the last request, in order (the shared store, for example); each within the same bound. */
  closers?: ReadonlyArray<{ name: string; close: () => Promise<void> | void }>;
  log: Logger;
  exit: (code: number) => void;
  /**
   * A repeat within this time is the same request to stop, not a second one: under `npm run`,
   * Ctrl-C (the terminal) and systemd (the control group) signal npm and the server at once,
   * and npm passes its signal on too.
   */
  repeatWindowMs?: number;
}

const REPEAT_WINDOW_MS = 1000;

/** Exit codes after a second signal: 128 + the signal's number, as shells report it. */
const SIGNAL_EXIT = { SIGINT: 130, SIGTERM: 143 } as const;

/**
 * Graceful shutdown on SIGTERM and SIGINT: stop accepting connections, let in-flight requests
 * finish within `timeoutMs`, close what `closers` names, exit 0 (1 when the bound forced
 * connections closed or a closer failed). A second signal (after the repeat window) exits at once.
 */
export function handleSignals(options: ShutdownOptions): void {
  const stop = createShutdown(options);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void stop(signal));
}

/** What a signal does (see handleSignals), without listening to the process's signals. */
export function createShutdown(options: ShutdownOptions): (signal: NodeJS.Signals) => Promise<void> {
  let stoppingSince: number | undefined;
  const stop = async (signal: NodeJS.Signals): Promise<void> => {
    const { log, exit } = options;
    if (stoppingSince !== undefined) {
      if (Date.now() - stoppingSince < (options.repeatWindowMs ?? REPEAT_WINDOW_MS)) {
        log('info', 'shutdown: repeated signal ignored; still draining', { signal });
        return;
      }
      log('warn', 'second signal: exiting now', { signal, inFlight: options.inFlight() });
      exit(SIGNAL_EXIT[signal as keyof typeof SIGNAL_EXIT] ?? 1);
      return;
    }
    stoppingSince = Date.now();
    const code = await drain(options, signal);
    exit(code);
  };
  return stop;
}

async function drain(options: ShutdownOptions, signal: NodeJS.Signals): Promise<number> {
  const { server, log, timeoutMs } = options;
  log('info', 'shutdown: no longer accepting connections', { signal, inFlight: options.inFlight(), timeoutMs });
  options.beginShutdown();
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Keep-alive connections go as soon as they are idle; busy ones when their response ends.
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  server.closeIdleConnections();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
  });
  let code = 0;
  if ((await Promise.race([closed.then(() => 'closed' as const), timedOut])) === 'timeout') {
    log('warn', 'shutdown: requests still in flight after the bound; closing their connections', { inFlight: options.inFlight(), timeoutMs });
    server.closeAllConnections();
    code = 1;
  } else {
    log('info', 'shutdown: every in-flight request finished');
  }
  clearInterval(sweep);
  clearTimeout(timer);
  for (const closer of options.closers ?? []) {
    try {
      await withinBound(closer.close, timeoutMs);
      log('info', `shutdown: closed ${closer.name}`);
    } catch (error) {
      log('error', `shutdown: could not close ${closer.name}`, { error: error instanceof Error ? error.message : String(error) });
      code = 1;
    }
  }
  log('info', 'shutdown: exiting', { code });
  return code;
}

async function withinBound(task: () => Promise<void> | void, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`did not close within ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([Promise.resolve().then(task), late]);
  } finally {
    clearTimeout(timer);
  }
}
