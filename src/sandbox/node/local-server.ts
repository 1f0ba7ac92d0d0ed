/**
 * Node only: a sandbox behind a real HTTP server on 127.0.0.1, for curl, SDKs and other
 * clients. Each server of the description is served under its own path: a request to
 * `/v1/...` goes to the server whose URL path is `/v1` (the longest matching path wins; a server
 * at a host root takes what no other takes), rewritten to that absolute URL and answered by the
 * same pipeline as the browser. `POST /__sandbox/reset` restores the seed data. Browsers may
 * call it from the docs site's origin and from localhost only (src/sandbox/node/origins.ts), and
 * it answers only for its own host names and loopback addresses (src/server/host.ts): a name an
 * attacker's page points at 127.0.0.1 (DNS rebinding) gets 403, whatever its Origin. A slow
 * client gets 408 and one address at most the front server's connections (connection-guard.ts).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Sandbox } from '../core/pipeline.ts';
import { createRequestIds } from '../core/request-ids.ts';
import { problemResponse } from '../core/responses.ts';
import { DEFAULT_CONNECTION_LIMITS, httpServerTimeouts, type ConnectionLimits } from '../../server/connection-limits.ts';
import { hostnameOf, hostPolicy, LOOPBACK_HOSTNAMES, requestHost, type HostVerdict } from '../../server/host.ts';
import { guardConnections } from './connection-guard.ts';
import { originPolicy, type OriginVerdict } from './origins.ts';

export const DEFAULT_SANDBOX_PORT = 4010;
export const RESET_PATH = '/__sandbox/reset';

export interface LocalServerOptions {
  sandbox: Sandbox;
  /** 0 picks a free port. */
  port?: number;
  /** The docs site's origin (`url` in site.yml): its pages may call, as may pages on localhost. */
  siteOrigin?: string | undefined;
  /** The address to listen on; 127.0.0.1 unless told (a container needs 0.0.0.0). */
  host?: string | undefined;
  /**
   * Host names the server answers for besides loopback ones (`localhost`, `127.0.0.1`, `[::1]`)
   * and the address it listens on: the names clients use to reach it in a container network.
   */
  allowedHosts?: readonly string[] | undefined;
  /** Header and request timeouts, and the cap on connections per client address (the front server's; src/server/connection-limits.ts). */
  connections?: ConnectionLimits | undefined;
}

export interface LocalServer {
  /** e.g. `http://127.0.0.1:4010` */
  origin: string;
  sandbox: Sandbox;
  server: Server;
  /** Local path prefix -> the base URL it stands for. */
  mounts: ReadonlyArray<{ prefix: string; base: string }>;
  /** The host names it answers for (any port); other Hosts get 403. */
  hosts: readonly string[];
  close(): Promise<void>;
}

export const DEFAULT_SANDBOX_HOST = '127.0.0.1';

/** Listening on every address names no host of its own. */
const WILDCARD_ADDRESSES = new Set(['0.0.0.0', '::', '[::]']);

let abortReasonShared = false;

/**
 * MSW-style code aborts fresh AbortControllers often; without a reason, each `abort()` builds a
 * new DOMException with a stack trace. In this process only, reuse one AbortError as the default reason.
 */
function shareDefaultAbortReason(): void {
  if (abortReasonShared) return;
  abortReasonShared = true;
  const abortError = new DOMException('This operation was aborted', 'AbortError');
  const abort = AbortController.prototype.abort;
  AbortController.prototype.abort = function abortWithSharedReason(this: AbortController, reason?: unknown) {
    abort.call(this, reason === undefined ? abortError : reason);
  };
}

/** Requests whose body was cut at its limit: their answer closes the connection, so the rest is never read. */
const cutShort = new WeakSet<IncomingMessage>();

/**
 * Reads at most `maxBytes + 1` bytes (enough for the pipeline to answer 413) and stops there: the
 * rest of a larger body is never read (the answer closes the connection), so no upload, however
 * long, is read to its end.
 */
function readBody(message: IncomingMessage, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const done = () => {
      message.off('data', onData);
      message.off('end', done);
      message.off('error', reject);
      const received = Buffer.concat(chunks).subarray(0, maxBytes + 1);
      const body = new Uint8Array(new ArrayBuffer(received.length));
      body.set(received);
      resolve(body);
    };
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size <= maxBytes) return;
      cutShort.add(message);
      message.pause();
      done();
    };
    message.on('data', onData);
    message.once('end', done);
    message.once('error', reject);
  });
}

function toHeaders(message: IncomingMessage): Headers {
  const headers = new Headers();
  for (let index = 0; index + 1 < message.rawHeaders.length; index += 2) {
    try {
      headers.append(message.rawHeaders[index]!, message.rawHeaders[index + 1]!);
    } catch {
      // A header value fetch does not accept; ignore it as a proxy would.
    }
  }
  return headers;
}

/** A fetch Request, or undefined for a method fetch does not allow (CONNECT, TRACE, TRACK). */
function toRequest(url: string, method: string, headers: Headers, body: Uint8Array<ArrayBuffer> | undefined): Request | undefined {
  try {
    return new Request(url, { method, headers, ...(body === undefined || body.length === 0 ? {} : { body }) });
  } catch {
    return undefined;
  }
}

/** Methods that never change the state: a page of any origin may send them (it cannot read the answer). */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** CORS headers for an allowed page's origin; none for other pages and for clients that send no Origin. */
function corsHeaders(headers: Record<string, string>, origin: string | null, verdict: OriginVerdict): void {
  for (const name of Object.keys(headers)) if (name.startsWith('access-control-')) delete headers[name];
  headers['vary'] = headers['vary'] ? `${headers['vary']}, Origin` : 'Origin';
  if (verdict !== 'allowed' || origin === null) return;
  headers['access-control-allow-origin'] = origin;
  headers['access-control-expose-headers'] = 'X-Request-Id, WWW-Authenticate, Allow, Location';
}

/** HEAD, 204 and 304 answers carry no body; their `Content-Length` is the GET's, or none. */
async function send(response: Response, target: ServerResponse, method: string, origin: string | null, verdict: OriginVerdict): Promise<void> {
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const preflight = method === 'OPTIONS' && verdict === 'allowed' ? { ...headers } : {};
  corsHeaders(headers, origin, verdict);
  // A preflight from an allowed page keeps the methods and headers the sandbox allows.
  for (const [name, value] of Object.entries(preflight)) if (name.startsWith('access-control-allow-') && name !== 'access-control-allow-origin') headers[name] = value;
  if (cutShort.has(target.req)) headers['connection'] = 'close';
  const bodiless = method === 'HEAD' || response.status === 204 || response.status === 304;
  if (bodiless) {
    if (response.status === 204 || response.status === 304) delete headers['content-length'];
    target.writeHead(response.status, headers);
    target.end();
    return;
  }
  const body = Buffer.from(await response.arrayBuffer());
  headers['content-length'] = String(body.length);
  target.writeHead(response.status, headers);
  target.end(body);
}

/** Local path prefixes, longest first: `/v1` for `https://api.example.com/v1`. */
function localMounts(bases: readonly string[]): Array<{ prefix: string; base: string }> {
  const mounts: Array<{ prefix: string; base: string }> = [];
  for (const base of bases) {
    let prefix = '';
    try {
      prefix = new URL(base).pathname.replace(/\/+$/, '');
    } catch {
      continue;
    }
    if (!mounts.some((mount) => mount.prefix === prefix)) mounts.push({ prefix, base: base.replace(/\/+$/, '') });
  }
  return mounts.sort((a, b) => b.prefix.length - a.prefix.length);
}

export function startLocalServer(options: LocalServerOptions): Promise<LocalServer> {
  shareDefaultAbortReason();
  const { sandbox } = options;
  const nextRequestId = createRequestIds();
  const verdictOf = originPolicy(options.siteOrigin);
  const listenHost = options.host ?? DEFAULT_SANDBOX_HOST;
  const ownNames = WILDCARD_ADDRESSES.has(listenHost) ? [] : [listenHost.includes(':') && !listenHost.startsWith('[') ? `[${listenHost}]` : listenHost];
  const hosts = [...new Set([...LOOPBACK_HOSTNAMES, ...ownNames, ...(options.allowedHosts ?? []).map((name) => hostnameOf(name) ?? name)])];
  const hostVerdictOf = hostPolicy(hosts);
  const mounts = localMounts(sandbox.bases);

  /** The absolute API URL for a local path, or undefined outside every server. */
  function apiUrl(localPath: string): string | undefined {
    for (const { prefix, base } of mounts) {
      if (prefix === '' || localPath === prefix || localPath.startsWith(`${prefix}/`) || localPath.startsWith(`${prefix}?`)) return `${base}${localPath.slice(prefix.length)}`;
    }
    return undefined;
  }

  const notFound = (localPath: string) =>
    problemResponse(
      {
        status: 404,
        reason: 'endpoint_not_found',
        detail: `Nothing lives at \`${localPath}\`. The API is served under ${mounts.map((mount) => `\`${mount.prefix || '/'}\``).join(', ')}.`,
      },
      nextRequestId(),
      undefined,
      sandbox.problemWriter,
    );

  /** 400 for a Host that is not one host; 403 for one this server does not answer for (DNS rebinding). */
  function refusedHost(message: IncomingMessage, verdict: HostVerdict): Response | undefined {
    if (verdict === 'malformed') return problemResponse({ status: 400, reason: 'bad_request', detail: 'The Host header must be one host name or address and an optional port.' }, nextRequestId(), undefined, sandbox.problemWriter);
    if (verdict !== 'foreign') return undefined;
    const name = hostnameOf(message.headers.host ?? '') ?? '';
    const hint = `it answers for ${hosts.join(', ')} (any port); to reach it by this name (in a container network, say), start it with \`--allowed-hosts ${name}\``;
    return problemResponse({ status: 403, reason: 'forbidden', detail: `This local sandbox does not answer for the host \`${message.headers.host}\`: ${hint}.` }, nextRequestId(), undefined, sandbox.problemWriter);
  }

  async function answer(message: IncomingMessage, verdict: OriginVerdict): Promise<Response | undefined> {
    const localPath = message.url ?? '/';
    const method = message.method ?? 'GET';
    if (verdict === 'foreign' && !SAFE_METHODS.has(method.toUpperCase())) {
      const allowed = [options.siteOrigin, 'http://localhost:<port>'].filter(Boolean).join(', ');
      return problemResponse({ status: 403, reason: 'forbidden', detail: `Pages from \`${message.headers.origin}\` may not change this local sandbox; it takes browser calls from ${allowed} (any loopback port) and from clients that send no Origin (curl).` }, nextRequestId(), undefined, sandbox.problemWriter);
    }
    if (localPath === RESET_PATH && method === 'POST') {
      sandbox.store.reset();
      return new Response(null, { status: 204, headers: { 'X-Request-Id': nextRequestId() } });
    }
    const url = apiUrl(localPath);
    if (url === undefined) return notFound(localPath);
    const body = method !== 'GET' && method !== 'HEAD' ? await readBody(message, sandbox.limits.bodyBytes) : undefined;
    // A request cut at its timeout was answered 408 already: it changes nothing.
    if (guard.answered(message.socket)) return undefined;
    const request = toRequest(url, method, toHeaders(message), body);
    if (request === undefined) {
      // fetch refuses CONNECT, TRACE and TRACK: ask what the path allows instead (404, or 405 with `Allow`).
      const options = await sandbox.answer(new Request(url, { method: 'OPTIONS' }));
      const allow = options?.headers.get('Allow');
      if (!options || !allow) return options ?? notFound(localPath);
      return problemResponse({ status: 405, reason: 'method_not_allowed', detail: `${method} is not allowed on \`${localPath}\`; use ${allow}.`, headers: { Allow: allow } }, nextRequestId(), undefined, sandbox.problemWriter);
    }
    return (await sandbox.answer(request)) ?? notFound(localPath);
  }

  const limits = options.connections ?? DEFAULT_CONNECTION_LIMITS;
  const server = createServer(httpServerTimeouts(limits), (message, target) => {
    // A connection over its address's cap was answered 503 already: nothing it sends is served.
    if (guard.answered(message.socket)) return;
    guard.answering(target);
    const origin = typeof message.headers.origin === 'string' ? message.headers.origin : null;
    const refused = refusedHost(message, hostVerdictOf(requestHost(message.rawHeaders)));
    // A refused host gets no CORS headers, whatever its Origin.
    const verdict = refused ? 'foreign' : verdictOf(origin);
    (refused ? Promise.resolve(refused) : answer(message, verdict))
      .catch((error: unknown) => problemResponse({ status: 400, reason: 'sandbox_error', detail: `The sandbox could not handle this request: ${String(error)}` }, nextRequestId(), undefined, sandbox.problemWriter))
      // No answer: the guard answered the connection, and closes it (connection-guard.ts).
      .then((response) => (response === undefined ? undefined : send(response, target, message.method ?? 'GET', origin, verdict)))
      .catch(() => target.destroy());
  });
  // Slow clients get 408 and one address at most `maxPerAddress` connections, answered in the API's error format.
  const guard = guardConnections(server, limits, (problem) => problemResponse(problem, nextRequestId(), undefined, sandbox.problemWriter));

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_SANDBOX_PORT, listenHost, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      const shown = WILDCARD_ADDRESSES.has(listenHost) ? DEFAULT_SANDBOX_HOST : ownNames[0]!;
      resolve({
        origin: `http://${shown}:${port}`,
        sandbox,
        server,
        mounts,
        hosts,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            server.closeAllConnections();
          }),
      });
    });
  });
}
