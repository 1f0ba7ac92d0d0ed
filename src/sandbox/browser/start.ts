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
  /** Defaults to `${import.meta.env.BASE_URL}mockServiceWorker.js`. */
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
    const workerUrl = options.serviceWorkerUrl ?? `${siteBase()}mockServiceWorker.js`;
    await claimedOrSettled(workerUrl);
    await worker.start({
      serviceWorker: { url: workerUrl },
      onUnhandledFrame: 'bypass',
      quiet: options.logRequests !== true,
    });
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

/** How long a page waits for the sandbox's installing service worker to take it over. */
const CLAIM_WAIT_MS = 3000;

/**
 * A page opened while the sandbox's service worker was still installing (the reader moved on
 * right after the page that registered it) is not controlled yet, and MSW reloads such a page
 * when it starts. The worker claims every open page when it activates: wait for that (at most
 * a few seconds), so the page is not reloaded under the reader.
 */
async function claimedOrSettled(workerUrl: string): Promise<void> {
  const container = navigator.serviceWorker;
  if (container.controller) return;
  const script = new URL(workerUrl, location.href).href;
  const registrations = await container.getRegistrations();
  const installing = registrations.some((registration) => registration.active?.scriptURL !== script && [registration.installing, registration.waiting].some((worker) => worker?.scriptURL === script));
  if (!installing) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, CLAIM_WAIT_MS);
    container.addEventListener('controllerchange', () => {
      clearTimeout(timer);
      resolve();
    }, { once: true });
  });
}
