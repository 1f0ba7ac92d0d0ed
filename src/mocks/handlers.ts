/**
 * MSW request handlers for the Caravan Trading Service sandbox. They match absolute URLs, so
 * the same list serves the browser (`setupWorker`), Node tests (`setupServer`) and the local
 * HTTP server (`getResponse`). Order matters: operations first, then `OPTIONS` and 405 for
 * known paths, then 404 for anything else under the two API bases. This entry compiles the
 * request schemas with Ajv at start-up; the browser uses generated validators instead
 * (`sandbox-handlers.ts`, `browser.ts`).
 */
import type { HttpHandler } from 'msw';
import { createSchemaRegistry, type SchemaRegistry } from './openapi/schema-registry.ts';
import { buildSandboxHandlers, type SandboxHandlerOptions as HandlerOptionsWithSchemas } from './sandbox-handlers.ts';

export interface SandboxHandlerOptions extends Omit<HandlerOptionsWithSchemas, 'schemas'> {
  /** Validators for the document's request schemas; compiled from `openapi` with Ajv when omitted. */
  schemas?: SchemaRegistry;
}

export function createSandboxHandlers(options: SandboxHandlerOptions): HttpHandler[] {
  return buildSandboxHandlers({ ...options, schemas: options.schemas ?? createSchemaRegistry(options.openapi) });
}
