/**
 * The request pipeline every environment shares (Request in, Response out), without MSW:
 * the browser's service worker, `setupServer` in tests and the local HTTP server all call
 * `answer`. Checks run in a fixed order and the first failure answers: unknown path (404) or
 * method (405), credentials (401), permission (403), media type (415), size (413), syntax
 * (400), parameters (400), body schema (422, or 400 when only that is documented), then the
 * operation's handler: the extension's, else the inferred resource, else the documented example.
 */
import { bodyIssues } from './issues.ts';
import { readBody } from './body.ts';
import { parseParameters } from './parameters.ts';
import { createRequestIds, type RequestIdSource } from './request-ids.ts';
import { documentedStatus, jsonResponse, optionsResponse, problemResponse, withoutBody } from './responses.ts';
import { answerResource, exampleAnswer } from './resources.ts';
import { createRouter } from './router.ts';
import { authenticate } from './security.ts';
import { createStore, jsonBytes } from './store.ts';
import type {
  Credential,
  HandlerResult,
  OperationCall,
  OperationDefinition,
  ProblemWriter,
  RuntimeApi,
  RuntimeOperation,
  SandboxExtension,
  SandboxProblem,
  SandboxStore,
  ValidatorSource,
} from './types.ts';

export interface SandboxOptions {
  api: RuntimeApi;
  validators: ValidatorSource;
  /** The site's extension (`content/<version>/sandbox.ts`), if any. */
  extension?: SandboxExtension | undefined;
  clock?: (() => Date) | undefined;
  requestIds?: RequestIdSource | undefined;
  /** Start from this saved state (ignored when it is not one). */
  snapshot?: unknown;
  /** Called after every request that changed the state (to persist it). */
  onStateChange?: (() => void) | undefined;
  /**
   * Loads what one operation needs before it is answered (validators and examples the browser
   * fetches per operation); called once per operation, before its first request.
   */
  prepare?: ((operationId: string) => Promise<void>) | undefined;
  /** Bounds on what callers make the sandbox hold and answer (defaults: DEFAULT_LIMITS). */
  limits?: Partial<SandboxLimits> | undefined;
}

export interface SandboxLimits {
  /** Largest request body, and so largest stored item (as JSON), in bytes: larger is 413. */
  bodyBytes: number;
  /** Bytes (of the state's JSON) callers may add beyond the seed; a write past it is refused with `capacity_reached`. */
  stateBytes: number;
  /** Items of inferred collections: per collection, and in all. */
  perCollection: number;
  total: number;
  /** Items in one list answer of an inferred collection: the page size when the description declares no paging, and the most any page holds. */
  listSize: number;
}

export const DEFAULT_LIMITS: Readonly<SandboxLimits> = { bodyBytes: 64 * 1024, stateBytes: 256 * 1024, perCollection: 1000, total: 10_000, listSize: 100 };


export interface Sandbox {
  api: RuntimeApi;
  store: SandboxStore<any>;
  /** The answer, or undefined when the URL is under none of the description's servers. */
  answer(request: Request): Promise<Response | undefined>;
  /** Every base URL the sandbox answers under. */
  bases: readonly string[];
  /** The bounds in force. */
  limits: Readonly<SandboxLimits>;
  /**
   * Adds seed items of inferred collections that arrived late (with an operation's module in the
   * browser): they join every later reset, and the current state unless it holds the collection.
   * Collections an extension takes over are left alone.
   */
  addSeeds(seeds: Readonly<Record<string, Record<string, unknown>>>): void;
  /** Loads an operation's validators and examples ahead of its first request (a no-op in Node). */
  prepare(operationId: string): Promise<void>;
  /** How problems are written (the extension's writer), for answers outside any operation. */
  problemWriter: ProblemWriter | undefined;
  /** The first of `candidates` the extension (or the default rules) accepts for the operation, if any. */
  acceptedCredential(operationId: string, candidates: readonly Credential[]): Credential | undefined;
}

interface Registered {
  seed?: () => unknown;
  isState?: (value: unknown) => boolean;
  authenticate?: (credential: Credential) => unknown;
  authorize?: (principal: any, permission: string) => SandboxProblem | undefined;
  operations: Map<string, OperationDefinition>;
  problem?: ProblemWriter;
}

function register(extension: SandboxExtension | undefined, operationIds: ReadonlySet<string>): Registered {
  const registered: Registered = { operations: new Map() };
  extension?.({
    seed(create, isState) {
      registered.seed = create;
      if (isState) registered.isState = isState;
    },
    authenticate(resolve) {
      registered.authenticate = resolve;
    },
    authorize(check) {
      registered.authorize = check;
    },
    operation(operationId, definition) {
      if (!operationIds.has(operationId)) {
        throw new Error(`Sandbox extension: the description has no operation \`${operationId}\`. Known operations: ${[...operationIds].join(', ')}.`);
      }
      registered.operations.set(operationId, typeof definition === 'function' ? { handle: definition } : definition);
    },
    problem(write) {
      registered.problem = write;
    },
  });
  return registered;
}

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const METHOD_ORDER = ['GET', 'PUT', 'POST', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE'];

export function createSandbox(options: SandboxOptions): Sandbox {
  const { api, validators } = options;
  const operationIds = new Set(api.operations.map((operation) => operation.id));
  const extension = register(options.extension, operationIds);
  const nextRequestId = options.requestIds ?? createRequestIds();
  // Inferred collections the extension does not take over start from the description's examples.
  const generic = new Set(api.operations.filter((operation) => operation.resource && !extension.operations.has(operation.id)).map((operation) => operation.resource!.collection));
  const genericSeed = () => structuredClone(Object.fromEntries(Object.entries(api.seed).filter(([name]) => name === '__next' || generic.has(name)))) as Record<string, unknown>;
  const seed = extension.seed ? () => ({ ...genericSeed(), ...(extension.seed!() as Record<string, unknown>) }) : genericSeed;
  const store = createStore<Record<string, unknown>>({ seed, isState: extension.isState, clock: options.clock, snapshot: options.snapshot });
  const router = createRouter(api.operations);
  const limits: SandboxLimits = { ...DEFAULT_LIMITS, ...options.limits };
  // The state may hold its seed plus `stateBytes`; seeds that arrive later (addSeeds) raise the ceiling with them.
  let seedBytes = jsonBytes(store.state);
  const keyHeaders = Object.values(api.schemes).flatMap((scheme) => (scheme.type === 'apiKey' && scheme.in === 'header' && scheme.name ? [scheme.name] : []));
  /** Headers a cross-origin caller may send to a path: credentials' and the path's header parameters (those loaded so far). */
  const allowedHeaders = (methods: Map<string, RuntimeOperation>) => [
    ...new Set([...keyHeaders, ...[...methods.values()].flatMap((operation) => operation.parameters.filter((parameter) => parameter.in === 'header').map((parameter) => parameter.name))]),
  ];

  const fail = (problem: SandboxProblem, requestId: string, operation?: RuntimeOperation) => problemResponse(problem, requestId, operation, extension.problem);

  function allowed(methods: Map<string, RuntimeOperation>): string[] {
    const list = [...methods.keys()];
    if (methods.has('GET') && !methods.has('HEAD')) list.push('HEAD');
    if (!methods.has('OPTIONS')) list.push('OPTIONS');
    return list.sort((a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b));
  }

  function finish(operation: RuntimeOperation, result: HandlerResult, requestId: string, mutates: boolean): Response {
    if ('problem' in result) return fail(result.problem, requestId, operation);
    if (mutates && result.status < 400) options.onStateChange?.();
    const documented = operation.responses.find((response) => response.status === String(result.status));
    return jsonResponse(result.status, result.body, requestId, documented?.contentType ?? 'application/json', result.headers);
  }

  const prepared = new Map<string, Promise<void>>();
  function prepare(operationId: string): Promise<void> {
    if (options.prepare === undefined) return Promise.resolve();
    let loading = prepared.get(operationId);
    if (loading === undefined) {
      loading = options.prepare(operationId).catch((error: unknown) => {
        prepared.delete(operationId);
        throw error;
      });
      prepared.set(operationId, loading);
    }
    return loading;
  }

  async function run(operation: RuntimeOperation, request: Request, url: URL, pathParams: Record<string, string>, requestId: string): Promise<Response> {
    await prepare(operation.id);
    const definition = extension.operations.get(operation.id);
    const authentication = authenticate(operation, api.schemes, request, url, extension.authenticate);
    if (!authentication.ok) return fail(authentication.problem, requestId, operation);
    if (definition?.permission !== undefined && extension.authorize !== undefined) {
      const forbidden = extension.authorize(authentication.principal, definition.permission);
      if (forbidden !== undefined) return fail(forbidden, requestId, operation);
    }
    const reading = await readBody(operation, request, limits.bodyBytes);
    if (!reading.ok) return fail(reading.problem, requestId, operation);
    const parameters = parseParameters(operation, request, url, pathParams, validators);
    if (!parameters.ok) {
      const names = [...new Set(parameters.issues.map((issue) => `\`${issue.pointer}\``))].join(', ');
      return fail({ status: 400, reason: 'invalid_parameter', detail: `The parameter(s) ${names} have bad values.`, errors: parameters.issues }, requestId, operation);
    }
    const validate = reading.media?.schema === undefined ? undefined : validators.get(reading.media.schema);
    if (validate !== undefined && reading.value !== undefined && !validate(reading.value)) {
      const issues = bodyIssues(validate.errors);
      return fail({ status: documentedStatus(operation, [422, 400]), reason: 'validation_failed', detail: `The request body has ${issues.length} problem(s).`, errors: issues }, requestId, operation);
    }
    const call: OperationCall = {
      operationId: operation.id,
      params: parameters.values.path,
      query: parameters.values.query,
      headers: parameters.values.headers,
      cookies: parameters.values.cookies,
      body: reading.value,
      principal: authentication.principal,
      requestId,
      store,
    };
    const mutates = definition?.mutates ?? !READ_METHODS.has(operation.method.toUpperCase());
    // Refused before the handler runs, so a full state never grows: the stored bytes plus what this body could add.
    if (mutates && (definition !== undefined || operation.resource !== undefined) && jsonBytes(store.state) + jsonBytes(reading.value) > seedBytes + limits.stateBytes) {
      return fail({ status: documentedStatus(operation, [409, 429, 422, 400]), reason: 'capacity_reached', detail: `The sandbox holds at most ${limits.stateBytes} bytes beyond its sample data; delete some items, or reset the sandbox.` }, requestId, operation);
    }
    if (definition !== undefined) return finish(operation, definition.handle(call), requestId, mutates);
    if (operation.resource !== undefined) return finish(operation, answerResource(operation, operation.resource, call, validators, limits), requestId, mutates);
    return finish(operation, exampleAnswer(operation), requestId, false);
  }

  async function answer(request: Request): Promise<Response | undefined> {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return undefined;
    }
    const match = router.match(url);
    if (match.kind === 'outside') return undefined;
    const requestId = nextRequestId();
    if (match.kind === 'unknown-path') {
      return fail({ status: 404, reason: 'endpoint_not_found', detail: `No operation lives at \`${url.pathname}\`. See the API reference for the paths.` }, requestId);
    }
    const method = request.method.toUpperCase();
    const methods = match.route.methods;
    const operation = methods.get(method) ?? (method === 'HEAD' ? methods.get('GET') : undefined);
    try {
      if (operation === undefined) {
        const allow = allowed(methods);
        if (method === 'OPTIONS') return optionsResponse(allow, requestId, allowedHeaders(methods));
        return fail({ status: 405, reason: 'method_not_allowed', detail: `\`${method}\` is not supported here; use ${allow.join(', ')}.`, headers: { Allow: allow.join(', ') } }, requestId);
      }
      if (method === 'HEAD' && operation.method.toUpperCase() === 'GET') {
        return await withoutBody(await run(operation, new Request(request.url, { method: 'GET', headers: request.headers }), url, match.params, requestId));
      }
      return await run(operation, request, url, match.params, requestId);
    } catch (error) {
      // Not expected for any input; a bug still yields a well-formed answer, never a 5xx.
      const detail = error instanceof Error ? error.message : String(error);
      return fail({ status: documentedStatus(operation, [400, 422]), reason: 'sandbox_error', detail: `The sandbox could not handle this request: ${detail}` }, requestId, operation);
    }
  }

  return {
    api,
    store,
    answer,
    bases: router.bases,
    limits,
    problemWriter: extension.problem,
    prepare,
    addSeeds(seeds) {
      const state = store.state as Record<string, unknown>;
      for (const [collection, items] of Object.entries(seeds)) {
        if (!generic.has(collection) || Object.hasOwn(api.seed, collection)) continue;
        api.seed[collection] = items;
        seedBytes += jsonBytes(items);
        if (!Object.hasOwn(state, collection)) state[collection] = structuredClone(items);
      }
    },
    acceptedCredential(operationId, candidates) {
      const operation = api.operations.find((candidate) => candidate.id === operationId);
      if (operation === undefined) return candidates[0];
      const definition = extension.operations.get(operation.id);
      const alternative = operation.security.findIndex((keys) => keys.some((key) => candidates.some((candidate) => candidate.scheme === key)));
      for (const candidate of candidates) {
        const principal = extension.authenticate ? extension.authenticate(candidate) : candidate;
        if (principal === undefined) continue;
        const scheme = api.schemes[candidate.scheme];
        const granted = extension.authenticate ? undefined : scheme?.grants?.[candidate.value];
        const needed = operation.scopes?.[alternative]?.[candidate.scheme] ?? [];
        if (granted !== undefined && needed.some((scope) => !granted.includes(scope))) continue;
        if (definition?.permission !== undefined && extension.authorize?.(principal, definition.permission) !== undefined) continue;
        return candidate;
      }
      return undefined;
    },
  };
}
