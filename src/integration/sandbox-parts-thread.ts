/**
 * Makes the browser sandbox's parts of a production build's APIs on a thread of their own, started
 * when the build starts: compiling a large description (Stripe's: about 4 s) then overlaps the
 * content sync and the server bundle instead of holding up the browser bundle, which only waits
 * for what is not done yet. The thread is src/integration/sandbox-parts-worker.ts.
 */
import { Worker } from 'node:worker_threads';
import type { SandboxSettings } from './sandbox-parts.ts';
import type { SandboxParts } from './sandbox-store.ts';

/** What the thread is given: the docs root, the server settings, and each API's key and description file. */
export interface PartsWork {
  docsRoot: string;
  settings: SandboxSettings;
  apis: Array<{ key: string; file: string }>;
}

/** What the thread posts for each API. */
export type PartsMessage = { key: string; textDigest: string; parts: SandboxParts } | { key: string; error: string };

/** An API's parts and the digest of the description text they were made from. */
interface ThreadParts {
  textDigest: string;
  parts: SandboxParts;
}

export interface PartsThread {
  /**
   * The parts of `key`, or undefined when the thread did not make them (not asked, failed, or
   * stopped): the caller then makes them itself, and meets any error in its own build.
   */
  parts(key: string): Promise<ThreadParts | undefined>;
  /** Ends the thread, if it still runs (the parts it has not posted are not needed). */
  stop(): void;
}

const TYPESCRIPT_HOOKS = new URL('../cli/typescript-hooks.js', import.meta.url).href;

export function partsThread(work: PartsWork): PartsThread {
  const settle = new Map<string, (parts: ThreadParts | undefined) => void>();
  const results = new Map(work.apis.map(({ key }) => [key, new Promise<ThreadParts | undefined>((resolve) => settle.set(key, resolve))]));
  const finish = (key: string, parts: ThreadParts | undefined) => {
    settle.get(key)?.(parts);
    settle.delete(key);
  };
  const abandon = () => {
    for (const key of [...settle.keys()]) finish(key, undefined);
  };
  let worker: Worker | undefined;
  // Nothing to make (every API's parts are stored): no thread.
  if (work.apis.length > 0) {
    try {
      // The engine's TypeScript loads in an installed package only with its load hook (src/cli/typescript-hooks.js), which a thread must import itself.
      worker = new Worker(new URL('./sandbox-parts-worker.ts', import.meta.url), { workerData: work, execArgv: [...process.execArgv, '--import', TYPESCRIPT_HOOKS] });
      worker.on('message', (message: PartsMessage) => finish(message.key, 'error' in message ? undefined : { textDigest: message.textDigest, parts: message.parts }));
      // A thread that fails or ends before posting every API leaves the rest to the caller.
      worker.on('error', abandon);
      worker.on('exit', abandon);
    } catch {
      abandon();
    }
  }
  return {
    parts: (key) => results.get(key) ?? Promise.resolve(undefined),
    stop() {
      abandon();
      void worker?.terminate();
    },
  };
}
