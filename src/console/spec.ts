/**
 * What a console needs to know about its operation, embedded as JSON in the page by
 * `TryIt.astro`: the resolved operation trimmed to the inputs, the configured base URL, the
 * author's presets and captures. Pure; shared by the server (to build it) and the browser.
 */
import type { OperationMethod, ResolvedOperation, ResolvedSchema } from '../openapi/types.ts';

export interface ConsoleParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  description?: string;
  schema: ResolvedSchema;
}

export interface ConsoleSpec {
  operationId: string;
  method: OperationMethod;
  path: string;
  summary?: string;
  /** The configured absolute base URL of the operation's interface (config `api`). */
  baseUrl: string;
  interface: 'main' | 'partner';
  /** Both configured base URLs: the sandbox answers on both. */
  bases: { baseUrl: string; partnersBaseUrl: string };
  parameters: ConsoleParameter[];
  body?: { required: boolean; contentType: string; schema: ResolvedSchema };
  /** Status code (or `4XX`, `default`) -> the document's description of it. */
  statuses: Record<string, string>;
  /** Initial path and query values; strings may hold `$variable` placeholders. */
  params: Record<string, string>;
  /** Initial body as JSON text (placeholders allowed), or undefined when the operation takes none. */
  bodyText?: string;
  /** Variables set from a successful response: name -> JSON Pointer into the response body. */
  capture: Record<string, string>;
}

export interface ConsoleSpecOptions {
  bases: { baseUrl: string; partnersBaseUrl: string };
  /** Author's path and query values (numbers and booleans are written as text). */
  params?: Record<string, unknown>;
  /** Author's body; defaults to the operation's example. */
  body?: unknown;
  capture?: Record<string, string>;
}

/** Path and query parameters with the schema's default or example as the starting value. */
function initialParams(operation: ResolvedOperation, given: Record<string, unknown>): Record<string, string> {
  const values: Record<string, string> = {};
  for (const parameter of operation.parameters) {
    if (parameter.in !== 'path' && parameter.in !== 'query') continue;
    const value = given[parameter.name] ?? (parameter.in === 'path' ? parameter.example : undefined);
    values[parameter.name] = value === undefined || value === null ? '' : String(value);
  }
  for (const name of Object.keys(given)) {
    if (!(name in values)) throw new Error(`TryIt: \`${operation.operationId}\` has no path or query parameter \`${name}\` (it has: ${Object.keys(values).join(', ') || 'none'}).`);
  }
  return values;
}

export function toConsoleSpec(operation: ResolvedOperation, options: ConsoleSpecOptions): ConsoleSpec {
  const spec: ConsoleSpec = {
    operationId: operation.operationId,
    method: operation.method,
    path: operation.path,
    baseUrl: operation.interface === 'partner' ? options.bases.partnersBaseUrl : options.bases.baseUrl,
    interface: operation.interface,
    bases: { baseUrl: options.bases.baseUrl, partnersBaseUrl: options.bases.partnersBaseUrl },
    parameters: operation.parameters.flatMap((parameter): ConsoleParameter[] =>
      parameter.in === 'path' || parameter.in === 'query'
        ? [{ name: parameter.name, in: parameter.in, required: parameter.required, schema: parameter.schema, ...(parameter.description ? { description: parameter.description } : {}) }]
        : [],
    ),
    statuses: Object.fromEntries(operation.responses.map((response) => [response.status, response.description])),
    params: initialParams(operation, options.params ?? {}),
    capture: options.capture ?? {},
  };
  if (operation.summary !== undefined) spec.summary = operation.summary;
  if (operation.requestBody !== undefined) {
    const { required, contentType, schema, example } = operation.requestBody;
    spec.body = { required, contentType, schema };
    spec.bodyText = JSON.stringify(options.body ?? example ?? {}, null, 2);
  }
  return spec;
}
