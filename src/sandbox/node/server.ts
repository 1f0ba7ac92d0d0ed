/**
 * Node entry point for tests: a sandbox behind MSW's `setupServer`, so real `fetch` calls to
 * the description's servers are answered in-process.
 */
import { setupServer, type SetupServer } from 'msw/node';
import { runtimeApi, type RuntimeApiOptions } from '../build/runtime-api.ts';
import { compiledValidators } from '../build/schemas.ts';
import { sandboxHandlers } from '../core/msw.ts';
import { createSandbox, type Sandbox, type SandboxOptions } from '../core/pipeline.ts';
import type { OpenApiInput } from '../../openapi/types.ts';

export interface NodeSandboxOptions extends Omit<SandboxOptions, 'api' | 'validators'>, RuntimeApiOptions {
  document: OpenApiInput;
}

/** A sandbox for a parsed description, validators compiled with Ajv. */
export function createNodeSandbox(options: NodeSandboxOptions): Sandbox {
  const { document, overrides, origin, ...rest } = options;
  return createSandbox({ ...rest, api: runtimeApi(document, { overrides, origin }), validators: compiledValidators(document) });
}

/** Creates (but does not start) an MSW server; call `server.listen()` in `beforeAll`. */
export function createSandboxServer(sandbox: Sandbox): SetupServer {
  return setupServer(...sandboxHandlers(sandbox));
}
