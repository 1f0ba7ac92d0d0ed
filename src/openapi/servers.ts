/**
 * Which base URL an operation's calls go to: the description's servers (operation, then path,
 * then document level; variables at their defaults), after the site's overrides from `api:` in
 * config/site.yml. The one place this choice is made: reference pages, samples, consoles and
 * the sandbox all ask here. Pure.
 */
import type { OperationRef } from './operations.ts';
import type { OpenApiInput, ServerObject } from './types.ts';

/** The site's say over base URLs (`api:` in config/site.yml). */
export interface ServerOverrides {
  /** Replaces the description's first top-level server. */
  baseUrl?: string | undefined;
  /** A server URL as the description writes it -> the URL to use instead. */
  servers?: Readonly<Record<string, string>> | undefined;
}

const asServers = (value: unknown): ServerObject[] | undefined =>
  Array.isArray(value) && value.length > 0 ? value.filter((server): server is ServerObject => typeof server?.url === 'string') : undefined;

/** The description's top-level servers (a lone `/` when it has none, as OpenAPI says). */
export function documentServers(document: OpenApiInput): ServerObject[] {
  return asServers(document.servers) ?? [{ url: '/' }];
}

/** The servers that apply to an operation, and whether they are its own (path or operation level). */
export function operationServers(document: OpenApiInput, ref: Pick<OperationRef, 'pathItem' | 'operation'>): { servers: ServerObject[]; own: boolean } {
  const own = asServers(ref.operation['servers']) ?? asServers(ref.pathItem['servers']);
  return own ? { servers: own, own: true } : { servers: documentServers(document), own: false };
}

/** A server URL with each `{variable}` at its default. */
export function expandServerUrl(server: ServerObject): string {
  return server.url.replace(/\{([^}]+)\}/g, (whole, name: string) => server.variables?.[name]?.default ?? whole);
}

/** An absolute URL without a trailing slash; relative server URLs are relative to the docs site (`origin`). */
export function absolute(url: string, origin: string): string {
  try {
    return new URL(url, `${origin.replace(/\/+$/, '')}/`).href.replace(/\/+$/, '');
  } catch {
    return url.replace(/\/+$/, '');
  }
}

/** Where a server stands in the description: the first top-level one, another top-level one, or one operations declare for themselves. */
export type ServerPlace = 'first' | 'document' | 'own';

/**
 * What the site's overrides make of one server of the description: `api.servers` by its URL
 * (as written, or with its variables at their defaults) first, then `api.baseUrl` for the first
 * top-level server.
 */
export function serverUrl(server: ServerObject, place: ServerPlace, overrides: ServerOverrides, origin: string): string {
  const replacement = overrides.servers?.[server.url] ?? overrides.servers?.[expandServerUrl(server)];
  if (replacement !== undefined) return absolute(replacement, origin);
  if (place === 'first' && overrides.baseUrl) return absolute(overrides.baseUrl, origin);
  return absolute(expandServerUrl(server), origin);
}

/** The base URL an operation's calls go to, absolute and without a trailing slash. */
export function operationBaseUrl(document: OpenApiInput, ref: Pick<OperationRef, 'pathItem' | 'operation'>, overrides: ServerOverrides, origin: string): string {
  const { servers, own } = operationServers(document, ref);
  return serverUrl(servers[0]!, own ? 'own' : 'first', overrides, origin);
}
