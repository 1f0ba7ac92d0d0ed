/**
 * What the browser sandbox's modules are made of, for one API: its description compiled into the
 * runtime API and standalone validators, the route table every console page loads, and each
 * operation's part (parameters, bodies, responses, validators and the seed of the collections it
 * reaches). No I/O: the caller reads the description; src/integration/sandbox-modules.ts turns
 * these into modules, src/integration/sandbox-parts-worker.ts makes them on a thread of their own.
 */
import type { ServerOverrides } from '../openapi/servers.ts';
import type { OpenApiInput } from '../openapi/types.ts';
import { operationValidatorKeys, runtimeApi } from '../sandbox/build/runtime-api.ts';
import { reachedSchemas, standaloneWriter, type StandaloneWriter } from '../sandbox/build/schemas.ts';
import type { RuntimeApi } from '../sandbox/core/types.ts';
import type { SandboxParts } from './sandbox-store.ts';

/** The server settings a sandbox answers for: the site's `api:` overrides and its `url:` (relative server URLs are relative to it). */
export interface SandboxSettings {
  overrides: ServerOverrides;
  origin: string;
}

/** An API's description compiled once: every operation's part is written from it. */
export interface CompiledSandbox {
  document: OpenApiInput;
  api: RuntimeApi;
  writer: StandaloneWriter;
  /** Named schemas one response check reaches, counted once per schema (many operations share one). */
  reached: Map<string, number>;
}

/**
 * Most named schemas a response check may reach. A response schema can reach most of a large
 * description (a Stripe charge holds customers, invoices, accounts, …): compiled, that is
 * megabytes per operation. Past this budget the check is left out, and the browser sandbox
 * answers that operation without checking its own response against the schema (the Node
 * sandbox, and its tests, always check).
 */
const RESPONSE_CHECK_SCHEMAS = 40;

export function compileSandbox(document: OpenApiInput, settings: SandboxSettings): CompiledSandbox {
  return { document, api: runtimeApi(document, { overrides: settings.overrides, origin: settings.origin }), writer: standaloneWriter(document), reached: new Map() };
}

/** What the page loads up front: routing, credentials and the console's default credential; each operation's details come with its part. */
export function routeTable(api: RuntimeApi): RuntimeApi {
  return {
    ...api,
    operations: api.operations.map(({ parameters: _parameters, body: _body, responses: _responses, ...route }) => ({ ...route, parameters: [], responses: [] })),
    seed: { __next: api.seed['__next'] ?? {} },
  };
}

/** One operation's part: its parameters, bodies and responses, validators, and the seed of the collections it reaches. */
export function operationPart(compiled: CompiledSandbox, index: number, name: string): string {
  const { api, writer } = compiled;
  const operation = api.operations[index];
  if (operation === undefined) throw new Error(`caravan-docs: ${name} has no operation number ${index}.`);
  const collections = operation.resource ? [...operation.resource.parents.map((parent) => parent.collection), operation.resource.collection] : [];
  const seeds = Object.fromEntries(collections.filter((collection) => api.seed[collection] !== undefined).map((collection) => [collection, api.seed[collection]]));
  const details = { parameters: operation.parameters, body: operation.body, responses: operation.responses };
  const keys = operationValidatorKeys(operation);
  // Every request check, and the response checks within budget.
  const validators = writer.module([...keys.request, ...keys.response.filter((pointer) => reachedBy(compiled, pointer) <= RESPONSE_CHECK_SCHEMAS)]);
  return [validators, `export const details = ${JSON.stringify(details)};`, `export const seeds = ${JSON.stringify(seeds)};`, ''].join('\n');
}

/** A production build's route table and every operation's part. */
export function sandboxParts(compiled: CompiledSandbox, name: string): SandboxParts {
  return { api: routeTable(compiled.api), parts: compiled.api.operations.map((_operation, index) => operationPart(compiled, index, name)) };
}

function reachedBy(compiled: CompiledSandbox, pointer: string): number {
  let count = compiled.reached.get(pointer);
  if (count === undefined) {
    count = reachedSchemas(compiled.document, pointer, RESPONSE_CHECK_SCHEMAS);
    compiled.reached.set(pointer, count);
  }
  return count;
}
