/**
 * Browser entry point: the sandbox in a service worker. Nothing happens on import; call
 * `startSandbox` when the reader first needs the API. The state lives in sessionStorage, so
 * it survives navigation and reload within the tab, and `reset()` restores the seed data.
 */
import { setupWorker, type SetupWorker } from 'msw/browser';
import { DEFAULT_API_BASES, type ApiBases } from './api-bases.ts';
import { createSandboxStore, type SandboxSnapshot, type SandboxStore } from './domain/store.ts';
import { REQUEST_VALIDATORS } from './generated/request-validators-1.2.ts';
import { createPrecompiledRegistry } from './openapi/precompiled-registry.ts';
import { buildSandboxHandlers } from './sandbox-handlers.ts';
import type { OpenApiDocument } from './openapi/document.ts';

export const DEFAULT_STORAGE_KEY = 'caravan-sandbox:v1';

export interface StartSandboxOptions extends Partial<ApiBases> {
  /** The parsed OpenAPI document, e.g. `import openapi from '../mocks/generated/openapi-1.2.json'`. */
  openapi: OpenApiDocument;
  /** Defaults to `${import.meta.env.BASE_URL}mockServiceWorker.js`. */
  serviceWorkerUrl?: string;
  /** Where the state is kept; defaults to `window.sessionStorage`. */
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  storageKey?: string;
  /** Log each intercepted request in the console (MSW's default); off unless asked. */
  logRequests?: boolean;
}

export interface RunningSandbox {
  store: SandboxStore;
  worker: SetupWorker;
  /** Restores the seed data (and forgets the saved state). */
  reset(): void;
  snapshot(): SandboxSnapshot;
  stop(): Promise<void>;
}

let running: Promise<RunningSandbox> | undefined;

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

/** Starts the sandbox once per page; later calls return the same running sandbox. */
export function startSandbox(options: StartSandboxOptions): Promise<RunningSandbox> {
  running ??= start(options).catch((error: unknown) => {
    running = undefined;
    throw error;
  });
  return running;
}

async function start(options: StartSandboxOptions): Promise<RunningSandbox> {
  const storage = options.storage ?? globalThis.sessionStorage;
  const key = options.storageKey ?? DEFAULT_STORAGE_KEY;
  const store = createSandboxStore({ snapshot: readSaved(storage, key) });
  const save = () => {
    try {
      storage?.setItem(key, JSON.stringify(store.snapshot()));
    } catch {
      // Storage full or disabled: the sandbox keeps working for this page only.
    }
  };
  const worker = setupWorker(
    ...buildSandboxHandlers({
      // Validators generated from content/1.2/openapi.yaml at build time: no Ajv in the browser.
      schemas: createPrecompiledRegistry(REQUEST_VALIDATORS),
      baseUrl: options.baseUrl ?? DEFAULT_API_BASES.baseUrl,
      partnersBaseUrl: options.partnersBaseUrl ?? DEFAULT_API_BASES.partnersBaseUrl,
      store,
      openapi: options.openapi,
      onStateChange: save,
    }),
  );
  await worker.start({
    serviceWorker: { url: options.serviceWorkerUrl ?? `${siteBase()}mockServiceWorker.js` },
    onUnhandledFrame: 'bypass',
    quiet: options.logRequests !== true,
  });
  return {
    store,
    worker,
    reset() {
      store.reset();
      try {
        storage?.removeItem(key);
      } catch {
        // Nothing saved to forget.
      }
    },
    snapshot: () => store.snapshot(),
    async stop() {
      await worker.stop();
      running = undefined;
    },
  };
}
