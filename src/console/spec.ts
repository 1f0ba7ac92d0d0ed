/**
 * What a console needs to know about its operation, embedded as JSON in the page by
 * `TryIt.astro`: the resolved operation trimmed to the inputs (schemas inlined, so the browser
 * needs no description), its base URL, its security alternatives, the author's presets and captures.
 * Pure; shared by the server (to build it) and the browser.
 */
import { dereference } from '../openapi/dereference.ts';
import type { OpenApiInput, OperationMethod, ResolvedOperation, ResolvedSchema, SecurityRequirement, SecurityScheme } from '../openapi/types.ts';
import { consoleFlows, type ConsoleOAuth } from './oauth.ts';

export interface ConsoleParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: ResolvedSchema;
}

/** How the console asks for one security scheme's credential, and where the credential goes. */
export interface ConsoleCredential {
  /** The scheme's key: credentials are remembered per scheme (and per default). */
  scheme: string;
  /** bearer (also OAuth 2 and OpenID Connect: an access token), basic (user and password), apiKey. */
  kind: 'bearer' | 'basic' | 'apiKey';
  /** A bearer token that comes from an OAuth 2 or OpenID Connect scheme (named so in the choice of alternatives). */
  issuer?: 'oauth2' | 'openIdConnect';
  /** apiKey: where the key goes and its name there. */
  in?: 'header' | 'query' | 'cookie';
  name?: string;
  /** The credentials the site's sandbox accepts (`x-sandbox-credentials`), in the description's order. */
  sandbox: Array<{ value: string; label?: string }>;
  /** OAuth 2 and OpenID Connect in real-API mode: the flows the console can run to get a token. */
  oauth?: ConsoleOAuth;
}

/**
 * One of an operation's security alternatives (an entry of its `security` list): the schemes a
 * browser can send, all of them at once. Empty: "no credential", offered when a later entry of
 * the list is `{}` (an operation whose first entry is `{}` gets no credential control at all).
 */
export type ConsoleAlternative = ConsoleCredential[];

export interface ConsoleSpec {
  /** The docs version whose sandbox answers this console. */
  version: string;
  /** The API of that version (its id under `content/<version>/apis/`); absent for a version's single description. */
  api?: string;
  operationId: string;
  method: OperationMethod;
  path: string;
  summary?: string;
  /** The operation's absolute base URL (the description's server, after the site's overrides). */
  baseUrl: string;
  /** The operation's security alternatives, in the description's order; the reader picks one, the first to start with. Absent when it needs no credential. */
  security?: ConsoleAlternative[];
  parameters: ConsoleParameter[];
  body?: { required: boolean; contentType: string; schema: ResolvedSchema };
  /** Status code (or `4XX`, `default`) -> the document's description of it. */
  statuses: Record<string, string>;
  /** Initial parameter values; strings may hold `$variable` placeholders. */
  params: Record<string, string>;
  /** Initial body as JSON text (placeholders allowed), or undefined when the operation takes none. */
  bodyText?: string;
  /** Variables set from a successful response: name -> JSON Pointer into the response body. */
  capture: Record<string, string>;
  /** The site lets readers send to the real API (with their own credential) instead of the sandbox. */
  realApi?: true;
}

export interface ConsoleSpecOptions {
  version: string;
  /** The API's id under `content/<version>/apis/`; `''` or absent for the version's single description. */
  api?: string;
  /** The description, to inline named schemas (`$ref`s) for the browser. */
  document: OpenApiInput;
  /** Author's parameter values (numbers and booleans are written as text). */
  params?: Record<string, unknown>;
  /** Author's body; defaults to the operation's example. */
  body?: unknown;
  capture?: Record<string, string>;
  /** Offer "Send to: the real API". */
  realApi?: boolean;
}

/** The console's credential form for a scheme; undefined for schemes a browser cannot send (mutual TLS). */
function consoleCredential(scheme: SecurityScheme): ConsoleCredential | undefined {
  const sandbox = scheme.sandboxCredentials.map(({ value, label }) => ({ value, ...(label ? { label } : {}) }));
  switch (scheme.type) {
    case 'http':
      if (scheme.scheme === 'basic') return { scheme: scheme.key, kind: 'basic', sandbox };
      return { scheme: scheme.key, kind: 'bearer', sandbox };
    case 'oauth2':
    case 'openIdConnect':
      return { scheme: scheme.key, kind: 'bearer', issuer: scheme.type, sandbox };
    case 'apiKey':
      return scheme.name ? { scheme: scheme.key, kind: 'apiKey', in: scheme.in ?? 'header', name: scheme.name, sandbox } : undefined;
    default:
      return undefined;
  }
}

/** The schemes of one requirement a browser can send. */
const sendable = (requirement: SecurityRequirement): ConsoleCredential[] => requirement.flatMap(({ scheme }) => consoleCredential(scheme) ?? []);

/** The credential form of an operation: its first alternative's first scheme a browser can send (the reference's samples use it). */
export function operationCredential(operation: Pick<ResolvedOperation, 'security'>): ConsoleCredential | undefined {
  const first = operation.security[0];
  return first === undefined ? undefined : sendable(first)[0];
}

/**
 * The alternatives the console offers: each entry of the operation's `security` list with the
 * schemes a browser can send (and their OAuth flows in real-API mode, with the scopes that entry
 * names). None when the first entry needs nothing a browser sends (`{}`, or mutual TLS alone):
 * the sandbox lets such a call through, so there is nothing to choose. A later entry that needs
 * nothing becomes the "no credential" alternative.
 */
function operationAlternatives(operation: Pick<ResolvedOperation, 'security' | 'serverUrl'>, realApi = false): ConsoleAlternative[] | undefined {
  const alternatives = operation.security.map((requirement) =>
    sendable(requirement).map((credential) => {
      const oauth = realApi ? consoleOAuth(operation, requirement, credential.scheme) : undefined;
      return oauth ? { ...credential, oauth } : credential;
    }),
  );
  return alternatives[0] === undefined || alternatives[0].length === 0 ? undefined : alternatives;
}

/**
 * The token flows of a scheme of the requirement when it is OAuth 2 (its `flows` the console can
 * run) or OpenID Connect (its discovery URL; the flows come from the document in the browser),
 * with the scopes the requirement names for it.
 */
function consoleOAuth(operation: Pick<ResolvedOperation, 'serverUrl'>, requirement: SecurityRequirement, schemeKey: string): ConsoleOAuth | undefined {
  const entry = requirement.find(({ scheme }) => scheme.key === schemeKey);
  if (!entry) return undefined;
  const { scheme, scopes } = entry;
  if (scheme.type === 'openIdConnect' && scheme.openIdConnectUrl) {
    let discoveryUrl = scheme.openIdConnectUrl;
    try {
      discoveryUrl = new URL(scheme.openIdConnectUrl, operation.serverUrl).href;
    } catch {
      // Not a URL even against the server's: kept as written, the browser reports it.
    }
    return { flows: [], discoveryUrl, scopes };
  }
  if (scheme.type !== 'oauth2') return undefined;
  const flows = consoleFlows(scheme.flows ?? [], operation.serverUrl);
  return flows.length > 0 ? { flows, scopes } : undefined;
}

const inputLocations = new Set(['path', 'query', 'header']);

/** Parameter values with the schema's default or example as the starting value. */
function initialParams(operation: ResolvedOperation, given: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    if (!inputLocations.has(parameter.in)) continue;
    const value = given[parameter.name] ?? (parameter.in === 'path' ? parameter.example : undefined);
    values[parameter.name] = value === undefined || value === null ? '' : String(value);
  }
  for (const name of Object.keys(given)) {
    if (!(name in values)) throw new Error(`TryIt: \`${operation.operationId}\` has no path, query or header parameter \`${name}\` (it has: ${Object.keys(values).join(', ') || 'none'}).`);
  }
  return values;
}

export function toConsoleSpec(operation: ResolvedOperation, options: ConsoleSpecOptions): ConsoleSpec {
  const inline = (schema: ResolvedSchema) => dereference(options.document, schema);
  const spec: ConsoleSpec = {
    version: options.version,
    ...(options.api ? { api: options.api } : {}),
    operationId: operation.operationId,
    method: operation.method,
    path: operation.path,
    baseUrl: operation.serverUrl,
    parameters: operation.parameters.flatMap((parameter): ConsoleParameter[] =>
      parameter.in === 'path' || parameter.in === 'query' || parameter.in === 'header'
        ? [{ name: parameter.name, in: parameter.in, required: parameter.required, schema: inline(parameter.schema), ...(parameter.description ? { description: parameter.description } : {}) }]
        : [],
    ),
    statuses: Object.fromEntries(operation.responses.map((response) => [response.status, response.description])),
    params: initialParams(operation, options.params ?? {}),
    capture: options.capture ?? {},
  };
  const security = operationAlternatives(operation, options.realApi);
  if (security) spec.security = security;
  if (options.realApi) spec.realApi = true;
  if (operation.summary !== undefined) spec.summary = operation.summary;
  if (operation.requestBody !== undefined) {
    const { required, contentType, schema, example } = operation.requestBody;
    spec.body = { required, contentType, schema: inline(schema) };
    spec.bodyText = JSON.stringify(options.body ?? example ?? {}, null, 2);
  }
  return spec;
}
