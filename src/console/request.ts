/** The HTTP request a console's inputs describe; pure. Samples and Send both use it, so they always agree. */
import type { ConsoleSpec } from './spec.ts';

export interface ConsoleInputs {
  /** Path and query parameter values as typed (empty = not sent, for query parameters). */
  params: Record<string, string>;
  /** The body exactly as typed in the JSON editor. */
  bodyText: string;
}

export interface BuiltRequest {
  method: string;
  url: string;
  headers: Array<[string, string]>;
  body?: string;
}

/** `/caravans/{caravanId}` + `{ caravanId: 'car 1' }` -> `/caravans/car%201`. */
export function fillPath(template: string, params: Readonly<Record<string, string>>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}

export function buildRequest(spec: ConsoleSpec, inputs: ConsoleInputs, token: string): BuiltRequest {
  const query = new URLSearchParams();
  for (const parameter of spec.parameters) {
    const value = inputs.params[parameter.name] ?? '';
    if (parameter.in === 'query' && value !== '') query.append(parameter.name, value);
  }
  const search = query.toString();
  const url = `${spec.baseUrl.replace(/\/+$/, '')}${fillPath(spec.path, inputs.params)}${search ? `?${search}` : ''}`;
  const headers: Array<[string, string]> = [];
  if (token.trim() !== '') headers.push(['Authorization', `Bearer ${token.trim()}`]);
  const request: BuiltRequest = { method: spec.method.toUpperCase(), url, headers };
  if (spec.body !== undefined) {
    headers.push(['Content-Type', spec.body.contentType]);
    request.body = inputs.bodyText;
  }
  return request;
}
