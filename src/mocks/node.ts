/**
 * Node entry point for tests: the sandbox handlers behind MSW's `setupServer`, so real
 * `fetch` calls to the API base URLs are answered in-process.
 */
import { setupServer, type SetupServer } from 'msw/node';
import { DEFAULT_API_BASES, type ApiBases } from './api-bases.ts';
import { createSandboxStore, type SandboxStore } from './domain/store.ts';
import { createSandboxHandlers } from './handlers.ts';
import type { RequestIdSource } from './http/request-ids.ts';
import type { OpenApiDocument } from './openapi/document.ts';
import { readOpenApiFile } from './openapi/read-openapi-file.ts';

export interface SandboxServerOptions extends Partial<ApiBases> {
  /** Defaults to content/1.2/openapi.yaml. */
  openapi?: OpenApiDocument;
  /** Defaults to a fresh store seeded with the sample data. */
  store?: SandboxStore;
  requestIds?: RequestIdSource;
}

export interface SandboxServer {
  server: SetupServer;
  store: SandboxStore;
}

/** Creates (but does not start) an MSW server; call `server.listen()` in `beforeAll`. */
export function createSandboxServer(options: SandboxServerOptions = {}): SandboxServer {
  const store = options.store ?? createSandboxStore();
  const handlers = createSandboxHandlers({
    baseUrl: options.baseUrl ?? DEFAULT_API_BASES.baseUrl,
    partnersBaseUrl: options.partnersBaseUrl ?? DEFAULT_API_BASES.partnersBaseUrl,
    store,
    openapi: options.openapi ?? readOpenApiFile(),
    ...(options.requestIds === undefined ? {} : { requestIds: options.requestIds }),
  });
  return { server: setupServer(...handlers), store };
}
