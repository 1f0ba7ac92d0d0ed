/**
 * The sandbox's shapes: the runtime description (what the engine reads of an OpenAPI document,
 * plain JSON so the browser gets it precomputed) and the extension API a docs site's
 * `content/<version>/sandbox.ts` programs against. Extensions import these types with
 * `import type` only (erased at run time), so they never load engine code by path.
 */

/** One way a request breaks a rule: a JSON Pointer into the body, or a parameter's name. */
export interface FieldIssue {
  pointer: string;
  detail: string;
}

/**
 * Why the sandbox refuses a request. `reason` is a stable snake_case identifier: the engine's
 * own (`missing_credential`, `malformed_credential`, `invalid_credential`, `forbidden`,
 * `endpoint_not_found`, `method_not_allowed`, `unsupported_media_type`, `payload_too_large`,
 * `malformed_body`, `invalid_parameter`, `validation_failed`, `not_found`, `capacity_reached`)
 * or an extension's. How it is written in the response is decided by the description (an
 * operation's documented error schema), an extension's `problem` hook, or RFC 9457.
 */
export interface SandboxProblem {
  status: number;
  reason: string;
  detail: string;
  errors?: FieldIssue[] | undefined;
  headers?: Record<string, string> | undefined;
}

/** What a handler answers: a response, or a problem. */
export type HandlerResult = { status: number; body?: unknown; headers?: Record<string, string> } | { problem: SandboxProblem };

/** A credential the request carried, in the form its security scheme asks for. */
export interface Credential {
  /** The scheme's key under `components.securitySchemes`. */
  scheme: string;
  /** bearer: the token; basic: `user:password`; apiKey: the key. */
  value: string;
}

/** The sandbox's state store. `state` is plain JSON that handlers mutate in place. */
export interface SandboxStore<State = Record<string, unknown>> {
  readonly state: State;
  /** The current time as RFC 3339 with second precision, from the injectable clock. */
  now(): string;
  /** A deep copy of the state (JSON). */
  snapshot(): State;
  /** Replaces the state; false (and nothing changes) when `value` is not a state. */
  restore(value: unknown): boolean;
  /** Back to the seed. */
  reset(): void;
}

/** A validated request, as a handler sees it. */
export interface OperationCall<State = Record<string, unknown>, Principal = unknown> {
  operationId: string;
  /** Path parameters, decoded. */
  params: Readonly<Record<string, string>>;
  /** Query, header and cookie parameters typed by their schemas, defaults applied. */
  query: Readonly<Record<string, unknown>>;
  headers: Readonly<Record<string, unknown>>;
  cookies: Readonly<Record<string, unknown>>;
  /** The body, parsed and valid against the operation's schema (undefined without one). */
  body: unknown;
  /** What the extension's `authenticate` made of the credential (the credential itself by default). */
  principal: Principal;
  requestId: string;
  store: SandboxStore<State>;
}

/** @public A handler on its own, for extensions that define theirs apart from `api.operation`. */
export type OperationHandler<State = any, Principal = any> = (call: OperationCall<State, Principal>) => HandlerResult;

export interface OperationDefinition<State = any, Principal = any> {
  handle: OperationHandler<State, Principal>;
  /** Passed to `authorize`; omitted: every authenticated caller may call it. */
  permission?: string;
  /** Whether a success changes state (persisted in the browser); default: every method but GET and HEAD. */
  mutates?: boolean;
}

/** How an extension turns a problem into a response body; the default is RFC 9457 problem+json. */
/** `title` is the status's reason phrase (RFC 9110), so a writer needs no table of its own. */
export type ProblemWriter = (problem: SandboxProblem, context: { requestId: string; operationId?: string | undefined; title: string }) => {
  body: Record<string, unknown>;
  contentType?: string;
};

/**
 * What `content/<version>/sandbox.ts` receives: `export function sandbox(api: SandboxExtensionApi) { … }`.
 * Every method may be called once (the last call wins), `operation` once per operation.
 */
export interface SandboxExtensionApi<State = any, Principal = any> {
  /** The initial state; called at start and on every reset. `isState` rejects saved states of another shape. */
  seed(create: () => State, isState?: (value: unknown) => boolean): void;
  /**
   * Maps a credential of the right form to whoever holds it; return undefined to refuse it
   * (401). Without it, the scheme's `x-sandbox-credentials` are accepted when it declares
   * some, else any non-empty credential.
   */
  authenticate(resolve: (credential: Credential) => Principal | undefined): void;
  /** Whether a principal holds an operation's `permission` (403 otherwise, with `reason: 'forbidden'`). */
  authorize(check: (principal: Principal, permission: string) => SandboxProblem | undefined): void;
  /** The domain rules of one operation, by operationId (or `METHOD /path`). */
  operation(operationId: string, definition: OperationDefinition<State, Principal> | OperationHandler<State, Principal>): void;
  /** Writes every problem the sandbox answers (the description's error schemas are not used then). */
  problem(write: ProblemWriter): void;
}

/** A site's sandbox extension: the `sandbox` export of `content/<version>/sandbox.ts`. */
export type SandboxExtension = (api: SandboxExtensionApi) => void;

// ---------------------------------------------------------------------------------------
// The runtime description: computed from the OpenAPI document at build time (browser) or at
// start (Node); plain JSON.

type ParameterLocation = 'path' | 'query' | 'header' | 'cookie';

export interface RuntimeParameter {
  name: string;
  in: ParameterLocation;
  required: boolean;
  /** The schema's type (after `$ref`s), for turning text into a value. */
  type?: string | undefined;
  /** For arrays: the items' type. */
  itemType?: string | undefined;
  explode?: boolean | undefined;
  /** Validator key (a JSON Pointer to the schema in the document). */
  schema?: string | undefined;
  default?: unknown;
  /** For integer parameters: a declared maximum (none: a huge value is clamped to an empty page). */
  maximum?: number | undefined;
}

export interface RuntimeMedia {
  contentType: string;
  /** Validator key of the schema. */
  schema?: string | undefined;
  /** Form and multipart bodies: each property's type, for turning text into values. */
  fields?: Record<string, string> | undefined;
}

export interface RuntimeResponse {
  /** `200`, `4XX`, `default`. */
  status: string;
  contentType?: string | undefined;
  /** The documented example, else one generated from the schema. */
  example?: unknown;
  /** True when `example` was generated from the schema (the description has none). */
  generated?: boolean | undefined;
  /** Validator key of the schema. */
  schema?: string | undefined;
  /** Properties of an error schema that take the problem's words: name -> `detail` | `status` | `title` | `reason`. */
  fill?: Record<string, 'detail' | 'status' | 'title' | 'reason'> | undefined;
  /** A list property of an error schema that takes the request's field issues, each as an object with a location and a message. */
  fillIssues?: IssueList | undefined;
}

/** Where an error schema lists field issues (`errors: [{ pointer, detail }]`, `violations: [{ field, message }]`, …). */
export interface IssueList {
  property: string;
  /** The item's property for the issue's location (a JSON Pointer, or the parameter's name). */
  location: string;
  /** The item's property for the issue's message. */
  message: string;
  /** The schema requires the list, so a problem without field issues keeps an empty one. */
  required: boolean;
}

type ResourceAction = 'create' | 'list' | 'read' | 'replace' | 'update' | 'delete';

/** How an operation acts on an inferred resource collection. */
export interface RuntimeResource {
  action: ResourceAction;
  /** The collection, e.g. `pets` or `owners/pets`. */
  collection: string;
  /** Path parameters naming the parent items, outermost first, with the collection each belongs to. */
  parents: Array<{ param: string; collection: string }>;
  /** The item's path parameter (read, replace, update, delete). */
  idParam?: string | undefined;
  /** The property holding the item's id. */
  idProperty: string;
  idKind: 'integer' | 'uuid' | 'string';
  /** Prefix of string ids, learnt from examples or the id's pattern (`pet_`). */
  idPrefix?: string | undefined;
  /** Digits of string ids, zero-padded (`pet_0042`: 4). */
  idWidth?: number | undefined;
  /** Properties clients send but never read back (`writeOnly`): not stored. */
  writeOnly?: string[] | undefined;
  /** list: where the items are in the response body (`` for a bare array, `/items`, `/data`). */
  itemsPointer?: string | undefined;
  /** list: the description's paging style. */
  paging?: { style: 'page'; page: string; size?: string | undefined } | { style: 'offset'; offset: string; limit?: string | undefined } | { style: 'cursor'; cursor: string; limit?: string | undefined } | undefined;
  /** update: the body is a JSON Merge Patch (`application/merge-patch+json`). */
  mergePatch?: boolean | undefined;
  /** create: the properties of the request body's schema; one the request leaves out takes its default, or is left out, never the example's value. */
  requestFields?: string[] | undefined;
  /** create: the defaults those properties declare. */
  requestDefaults?: Record<string, unknown> | undefined;
}

export interface RuntimeOperation {
  /** operationId, or `METHOD /path`. */
  id: string;
  method: string;
  /** The path template. */
  path: string;
  /** Absolute base URL without a trailing slash. */
  baseUrl: string;
  parameters: RuntimeParameter[];
  body?: { required: boolean; media: RuntimeMedia[] } | undefined;
  /** Alternatives; each lists the schemes needed together. Empty: open. */
  security: string[][];
  /** Per alternative (same order), the scopes (or roles) each scheme must grant, when any are listed. */
  scopes?: Array<Record<string, string[]>> | undefined;
  responses: RuntimeResponse[];
  resource?: RuntimeResource | undefined;
}

export interface RuntimeScheme {
  key: string;
  type: 'bearer' | 'basic' | 'apiKey' | 'other';
  /** apiKey: where and under which name. */
  in?: 'header' | 'query' | 'cookie' | undefined;
  name?: string | undefined;
  /** `x-sandbox-credentials` values. */
  credentials: string[];
  /** Scopes a declared credential grants (`scopes` on its `x-sandbox-credentials` entry); absent: all. */
  grants?: Record<string, string[]> | undefined;
}

export interface RuntimeApi {
  title: string;
  operations: RuntimeOperation[];
  schemes: Record<string, RuntimeScheme>;
  /** Seed items per inferred collection (ids as map keys: `parentId/…/id`). */
  seed: Record<string, Record<string, unknown>>;
}

/** A compiled JSON Schema validator (Ajv's shape). */
export type Validator = ((data: unknown) => boolean) & { errors?: Array<{ instancePath: string; keyword: string; params: Record<string, unknown>; message?: string }> | null | undefined };

/** Validators by key (a JSON Pointer into the document). */
export interface ValidatorSource {
  get(key: string): Validator | undefined;
}
