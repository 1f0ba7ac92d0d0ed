/**
 * Browser entry point: a version's sandbox in a service worker (MSW `setupWorker`). Nothing
 * happens on import; `startSandbox` starts it once per page. The state lives in sessionStorage,
 * so it survives navigation and reload within the tab; when the storage is full or disabled the
 * sandbox keeps working for the page and says so (`persistence`), and `reset()` restores the seed.
 */
import { setupWorker, type SetupWorker } from 'msw/browser';
import { sandboxHandlers } from '../core/msw.ts';
import { createSandbox, type Sandbox } from '../core/pipeline.ts';
import type { RuntimeApi, RuntimeOperation, SandboxExtension, Validator } from '../core/types.ts';

/** What `virtual:caravan-docs/sandbox/<version>/<n>` exports: the rest of one operation. */
export interface OperationModule {
  details: Pick<RuntimeOperation, 'parameters' | 'body' | 'responses'>;
  validators: Readonly<Record<string, Validator>>;
  /** Seed items of the inferred collections the operation reaches. */
  seeds: Readonly<Record<string, Record<string, unknown>>>;
}

/** What `virtual:caravan-docs/sandbox/<version>` exports. */
export interface SandboxModule {
  version: string;
  /** The route table: operations without their parameters, bodies and responses, which come with each operation's module. */
  api: RuntimeApi;
  /** Operation id -> its module, loaded the first time the operation is called. */
  operations: Readonly<Record<string, () => Promise<OperationModule>>>;
  extension?: SandboxExtension | undefined;
}

export interface StartSandboxOptions {
  /** Defaults to `${import.meta.env.BASE_URL}sandbox-worker.js` (MSW's worker and a claim on request: public/sandbox-worker.js). */
  serviceWorkerUrl?: string;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  /** Log each intercepted request in the console (MSW's default); off unless asked. */
  logRequests?: boolean;
}

export interface RunningSandbox {
  version: string;
  sandbox: Sandbox;
  worker: SetupWorker;
  /** Restores the seed data (and forgets the saved state). */
  reset(): void;
  snapshot(): unknown;
  /** `saved` while sessionStorage keeps the state; otherwise why it does not. */
  persistence(): 'saved' | string;
  stop(): Promise<void>;
}

export const STORAGE_PREFIX = 'caravan-docs:sandbox:';

let prepared: PreparedSandbox | undefined;

export interface PreparedSandbox {
  /** The sandbox itself, answering in-page before the service worker runs (what consoles ask about credentials). */
  sandbox: Sandbox;
  /** Starts the service worker once; later calls return the same running sandbox. */
  start(): Promise<RunningSandbox>;
}

function siteBase(): string {
  const env = (import.meta as ImportMeta & { env?: { BASE_URL?: string } }).env;
  const base = env?.BASE_URL ?? '/';
  return base.endsWith('/') ? base : `${base}/`;
}

function readSaved(storage: StartSandboxOptions['storage'], key: string): unknown {
  try {
    const text = storage?.getItem(key);
    return text == null ? undefined : (JSON.parse(text) as unknown);
  } catch {
    return undefined;
  }
}

/** The page's sandbox (one version per page), its state restored from the tab's sessionStorage. */
export function prepareSandbox(module: SandboxModule, options: StartSandboxOptions = {}): PreparedSandbox {
  if (prepared !== undefined) return prepared;
  const storage = options.storage ?? globalThis.sessionStorage;
  const key = `${STORAGE_PREFIX}${module.version}`;
  let persistence = 'saved';
  const loaded: Record<string, Validator> = {};
  const validators = { get: (pointer: string) => loaded[pointer] };
  // The rest of each operation arrives before its first request.
  const prepare = async (operationId: string) => {
    const load = module.operations[operationId];
    if (load === undefined) return;
    const part = await load();
    Object.assign(loaded, part.validators);
    const operation = module.api.operations.find((candidate) => candidate.id === operationId);
    if (operation !== undefined) Object.assign(operation, part.details);
    sandbox.addSeeds(part.seeds);
  };
  const save = () => {
    try {
      storage?.setItem(key, JSON.stringify(sandbox.store.snapshot()));
      persistence = 'saved';
    } catch (error) {
      persistence = `The sandbox state could not be saved in this tab (${(error as Error).name}); it lasts until the page is left.`;
      console.warn(`[caravan-docs sandbox] ${persistence}`);
    }
  };
  const sandbox: Sandbox = createSandbox({ api: module.api, validators, prepare, extension: module.extension, snapshot: readSaved(storage, key), onStateChange: save });
  let running: Promise<RunningSandbox> | undefined;
  const start = async (): Promise<RunningSandbox> => {
    const worker = setupWorker(...sandboxHandlers(sandbox));
    const workerUrl = options.serviceWorkerUrl ?? `${siteBase()}sandbox-worker.js`;
    await controlledOrSettled(workerUrl);
    await worker.start({
      serviceWorker: { url: workerUrl },
      onUnhandledFrame: 'bypass',
      quiet: options.logRequests !== true,
    });
    // A registration its last page was unregistering comes back as it was, without claiming this page.
    await controlledOrSettled(workerUrl);
    return {
      version: module.version,
      sandbox,
      worker,
      reset() {
        sandbox.store.reset();
        try {
          storage?.removeItem(key);
        } catch {
          // Nothing saved to forget.
        }
        persistence = 'saved';
      },
      snapshot: () => sandbox.store.snapshot(),
      persistence: () => persistence,
      async stop() {
        await worker.stop();
        running = undefined;
      },
    };
  };
  prepared = {
    sandbox,
    start() {
      running ??= start().catch((error: unknown) => {
        running = undefined;
        throw error;
      });
      return running;
    },
  };
  return prepared;
}

/** How long a page waits for the sandbox's service worker to take it over. */
const CLAIM_WAIT_MS = 3000;

/** What public/sandbox-worker.js answers with `clients.claim()`. */
const CLAIM_MESSAGE = { type: 'caravan-docs:claim' } as const;

/**
 * MSW reloads a page that has the sandbox's worker registered but is not controlled by it: a page
 * opened while the worker was installing or activating (the reader moved on right after the page
 * that registered it) or reloaded bypassing it. Instead, ask the active worker to claim the page
 * (an installing one claims every open page when it activates) and wait for that, at most a few
 * seconds, so the page is not reloaded under the reader; MSW's reload stays the last resort.
 */
async function controlledOrSettled(workerUrl: string): Promise<void> {
  const container = navigator.serviceWorker;
  if (container.controller) return;
  const script = new URL(workerUrl, location.href).href;
  const registration = (await container.getRegistrations()).find((candidate) => [candidate.active, candidate.waiting, candidate.installing].some((worker) => worker?.scriptURL === script));
  // No registration yet: MSW registers the worker, which claims this page when it activates.
  if (registration === undefined) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, CLAIM_WAIT_MS);
    container.addEventListener('controllerchange', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
    if (registration.active?.scriptURL === script) registration.active.postMessage(CLAIM_MESSAGE);
  });
}
