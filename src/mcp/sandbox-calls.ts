/**
 * `call_sandbox`: one request to a version's sandbox, the same pipeline as `npm run sandbox`
 * and the browser's consoles (src/sandbox/core/pipeline.ts), answered as status, headers and
 * body. Each caller (a reader, an anonymous MCP session, or the one stdio client) has its own
 * sandbox state per version, each bounded in bytes (SandboxLimits), and at most MAX_SANDBOXES
 * states are kept, the least recently used dropped first.
 */
import { createSandbox, type Sandbox, type SandboxOptions } from '../sandbox/core/pipeline.ts';

export interface SandboxRequest {
  method: string;
  /** A path under the API's server (`/items`), or an absolute URL of one of its servers. */
  path: string;
  /** Which server `path` is under (a base URL); the description's first server by default. */
  server?: string | undefined;
  query?: Record<string, string> | undefined;
  headers?: Record<string, string> | undefined;
  /** Sent as `Authorization: Bearer <token>`. */
  token?: string | undefined;
  /** JSON value (sent as application/json), or a string sent as it is. */
  body?: unknown;
}

export type SandboxAnswer = { status: number; headers: Record<string, string>; body: string } | { error: string };

export async function callSandbox(sandbox: Sandbox, call: SandboxRequest): Promise<SandboxAnswer> {
  const url = requestUrl(sandbox, call);
  if ('error' in url) return url;
  const headers = new Headers(call.headers ?? {});
  if (call.token !== undefined) headers.set('authorization', `Bearer ${call.token}`);
  let body: string | undefined;
  if (call.body !== undefined && call.body !== null) {
    body = typeof call.body === 'string' ? call.body : JSON.stringify(call.body);
    if (!headers.has('content-type') && typeof call.body !== 'string') headers.set('content-type', 'application/json');
  }
  const method = call.method.toUpperCase();
  if (body !== undefined && (method === 'GET' || method === 'HEAD')) return { error: `A ${method} request has no body; leave "body" out.` };
  const response = await sandbox.answer(new Request(url.href, { method, headers, ...(body === undefined ? {} : { body }) }));
  if (!response) return { error: `${url.href} is under none of the API's servers: ${sandbox.bases.join(', ')}.` };
  return { status: response.status, headers: Object.fromEntries(response.headers), body: await response.text() };
}

function requestUrl(sandbox: Sandbox, call: SandboxRequest): URL | { error: string } {
  let url: URL;
  try {
    if (/^https?:\/\//i.test(call.path)) url = new URL(call.path);
    else {
      const base = call.server ?? sandbox.bases[0];
      if (base === undefined) return { error: 'This API has no server to call.' };
      url = new URL(`${base.replace(/\/+$/, '')}/${call.path.replace(/^\/+/, '')}`);
    }
  } catch {
    return { error: `"${call.path}" is not a path or URL. Give a path such as /items, or an absolute URL under ${sandbox.bases.join(', ')}.` };
  }
  for (const [name, value] of Object.entries(call.query ?? {})) url.searchParams.append(name, value);
  return url;
}

/** What a version's sandbox is made from (src/sandbox/node/load.ts gives it). */
export type SandboxParts = Pick<SandboxOptions, 'api' | 'validators' | 'extension'>;

/** Sandbox states one server keeps (each at most its seed plus `stateBytes`); the least recently used goes first. */
const MAX_SANDBOXES = 100;

/** The caller whose state is made for one call and never kept (an anonymous MCP request without a session). */
export const ANONYMOUS_ONCE = 'anonymous-once';

/**
 * Sandboxes by caller and API (its key: the version, or `<version>~<id>` for one of several APIs),
 * created on first use; past `maxStates` the least recently used is dropped.
 */
export function sandboxPool(load: (apiKey: string) => Promise<SandboxParts | undefined>, maxStates = MAX_SANDBOXES): (caller: string, apiKey: string) => Promise<Sandbox | undefined> {
  const parts = new Map<string, Promise<SandboxParts | undefined>>();
  const sandboxes = new Map<string, Sandbox>();
  return async (caller, versionId) => {
    const key = `${versionId}\n${caller}`;
    const found = sandboxes.get(key);
    if (found) {
      // Most recently used last: Map keeps insertion order.
      sandboxes.delete(key);
      sandboxes.set(key, found);
      return found;
    }
    let loading = parts.get(versionId);
    if (!loading) {
      loading = load(versionId);
      parts.set(versionId, loading);
    }
    const loaded = await loading;
    if (!loaded) return undefined;
    const sandbox = createSandbox(loaded);
    if (caller === ANONYMOUS_ONCE) return sandbox;
    if (sandboxes.size >= maxStates) sandboxes.delete(sandboxes.keys().next().value!);
    sandboxes.set(key, sandbox);
    return sandbox;
  };
}
