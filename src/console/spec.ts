/**
 * What a console needs to know about its operation, embedded as JSON in the page by
 * `TryIt.astro`: the resolved operation trimmed to the inputs (schemas inlined, so the browser
 * needs no description), its base URL, how it authenticates, the author's presets and captures.
 * Pure; shared by the server (to build it) and the browser.
 */
import { dereference } from '../openapi/dereference.ts';
import type { OpenApiInput, OperationMethod, ResolvedOperation, ResolvedSchema, SecurityScheme } from '../openapi/types.ts';
import { consoleFlows, type ConsoleOAuth } from './oauth.ts';

export interface ConsoleParameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  description?: string;
  schema: ResolvedSchema;
}

/** How the console asks for a credential: the first scheme of the operation's first security alternative. */
export interface ConsoleCredential {
  /** The scheme's key: credentials are remembered per scheme (and per default). */
  scheme: string;
  /** bearer (also OAuth 2 and OpenID Connect: an access token), basic (user and password), apiKey. */
  kind: 'bearer' | 'basic' | 'apiKey';
  /** apiKey: where the key goes and its name there. */
  in?: 'header' | 'query' | 'cookie';
  name?: string;
  /** The credentials the site's sandbox accepts (`x-sandbox-credentials`), in the description's order. */
  sandbox: Array<{ value: string; label?: string }>;
  /** OAuth 2 and OpenID Connect in real-API mode: the flows the console can run to get a token. */
  oauth?: ConsoleOAuth;
}

export interface ConsoleSpec {
  /** The docs version whose sandbox answers this console. */
  version: string;
  operationId: string;
  method: OperationMethod;
  path: string;
  summary?: string;
  /** The operation's absolute base URL (the description's server, after the site's overrides). */
  baseUrl: string;
  credential?: ConsoleCredential;
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
      return { scheme: scheme.key, kind: 'bearer', sandbox };
    case 'apiKey':
      return scheme.name ? { scheme: scheme.key, kind: 'apiKey', in: scheme.in ?? 'header', name: scheme.name, sandbox } : undefined;
    default:
      return undefined;
  }
}

/** The credential form of an operation: its first alternative's first scheme a browser can send. */
export function operationCredential(operation: Pick<ResolvedOperation, 'security'>): ConsoleCredential | undefined {
  const first = operation.security[0];
  if (first === undefined || first.length === 0) return undefined;
  for (const { scheme } of first) {
    const credential = consoleCredential(scheme);
    if (credential) return credential;
  }
  return undefined;
}

/**
 * The token flows of the credential's scheme when it is OAuth 2 (its `flows` the console can run)
 * or OpenID Connect (its discovery URL; the flows come from the document in the browser), with
 * the scopes the operation's first security alternative names for it.
 */
function consoleOAuth(operation: Pick<ResolvedOperation, 'security' | 'serverUrl'>, schemeKey: string): ConsoleOAuth | undefined {
  const entry = operation.security[0]?.find(({ scheme }) => scheme.key === schemeKey);
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
  const credential = operationCredential(operation);
  if (credential) {
    if (options.realApi) {
      const oauth = consoleOAuth(operation, credential.scheme);
      if (oauth) credential.oauth = oauth;
    }
    spec.credential = credential;
  }
  if (options.realApi) spec.realApi = true;
  if (operation.summary !== undefined) spec.summary = operation.summary;
  if (operation.requestBody !== undefined) {
    const { required, contentType, schema, example } = operation.requestBody;
    spec.body = { required, contentType, schema: inline(schema) };
    spec.bodyText = JSON.stringify(options.body ?? example ?? {}, null, 2);
  }
  return spec;
}
