/**
 * MSW request handlers for the Caravan Trading Service sandbox, given the request validators
 * (`schemas`): `handlers.ts` compiles them with Ajv (Node), `browser.ts` uses the ones
 * generated at build time. They match absolute URLs, so
 * the same list serves the browser (`setupWorker`), Node tests (`setupServer`) and the local
 * HTTP server (`getResponse`). Order matters: operations first, then `OPTIONS` and 405 for
 * known paths, then 404 for anything else under the two API bases.
 */
import { http, type HttpHandler } from 'msw';
import type { HttpMethod } from './openapi/document.ts';
import { createSandboxApi, type BoundOperation, type SandboxApiOptions } from './http/sandbox-api.ts';
import { withoutBody } from './http/responses.ts';
import type { SchemaRegistry } from './openapi/schema-registry.ts';

export interface SandboxHandlerOptions extends SandboxApiOptions {
  /** Validators for the document's request schemas. */
  schemas: SchemaRegistry;
  /** Base URL of the main interface, e.g. `https://api.caravan.example/v1`. */
  baseUrl: string;
  /** Base URL of the partner interface, e.g. `https://partners.caravan.example/v2`. */
  partnersBaseUrl: string;
}

const MSW_METHODS = {
  get: http.get,
  put: http.put,
  post: http.post,
  delete: http.delete,
  patch: http.patch,
  head: http.head,
  options: http.options,
} as const satisfies Partial<Record<HttpMethod, unknown>>;

function isMswMethod(method: HttpMethod): method is keyof typeof MSW_METHODS {
  return Object.hasOwn(MSW_METHODS, method);
}

/** `https://host/v1` + `/caravans/{caravanId}` -> `https://host/v1/caravans/:caravanId`. */
function toMswPath(base: string, template: string): string {
  return `${base.replace(/\/+$/, '')}${template.replace(/\{([^}]+)\}/g, ':$1')}`;
}

function stringParams(params: Readonly<Record<string, string | readonly string[] | undefined>>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(params)) {
    if (typeof value === 'string') result[name] = value;
  }
  return result;
}

export function buildSandboxHandlers(options: SandboxHandlerOptions): HttpHandler[] {
  const api = createSandboxApi(options);
  const baseFor = (operation: BoundOperation) =>
    operation.description.apiInterface === 'partner' ? options.partnersBaseUrl : options.baseUrl;

  const methodsByPath = new Map<string, string[]>();
  const operationHandlers: HttpHandler[] = [];
  for (const operation of api.operations) {
    const { method } = operation.description;
    const path = toMswPath(baseFor(operation), operation.description.path);
    const allowed = methodsByPath.get(path) ?? [];
    methodsByPath.set(path, allowed);
    if (!isMswMethod(method)) continue;
    allowed.push(method.toUpperCase());
    operationHandlers.push(
      MSW_METHODS[method](path, ({ request, params }) => api.handle(operation, request, stringParams(params))),
    );
    if (method === 'get') {
      allowed.push('HEAD');
      operationHandlers.push(
        http.head(path, async ({ request, params }) =>
          withoutBody(await api.handle(operation, new Request(request.url, { method: 'GET', headers: request.headers }), stringParams(params))),
        ),
      );
    }
  }

  const knownPathHandlers = [...methodsByPath].flatMap(([path, methods]) => {
    const allowed = [...methods, 'OPTIONS'];
    return [http.options(path, () => api.options(allowed)), http.all(path, ({ request }) => api.wrongMethod(request, allowed))];
  });

  const unknownPathHandlers = [options.baseUrl, options.partnersBaseUrl].flatMap((base) => {
    const trimmed = base.replace(/\/+$/, '');
    return [http.all(trimmed, ({ request }) => api.unknownPath(request)), http.all(`${trimmed}/*`, ({ request }) => api.unknownPath(request))];
  });

  return [...operationHandlers, ...knownPathHandlers, ...unknownPathHandlers];
}
