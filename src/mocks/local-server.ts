/**
 * Node only: the sandbox behind a real HTTP server on 127.0.0.1, for curl and other clients.
 * Requests to `/v1/...` and `/v2/...` (the path of each configured base URL) are rewritten to
 * the absolute base URLs and answered by the MSW handlers through `getResponse`.
 * `POST /__sandbox/reset` restores the seed data.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getResponse } from 'msw';
import { DEFAULT_API_BASES, type ApiBases } from './api-bases.ts';
import { createSandboxStore, type SandboxStore } from './domain/store.ts';
import { createSandboxHandlers } from './handlers.ts';
import { MAX_BODY_BYTES } from './http/json-body.ts';
import { createRequestIds } from './http/request-ids.ts';
import { problemResponse } from './http/responses.ts';
import type { OpenApiDocument } from './openapi/document.ts';

export const DEFAULT_SANDBOX_PORT = 4010;
export const RESET_PATH = '/__sandbox/reset';

export interface LocalServerOptions extends Partial<ApiBases> {
  openapi: OpenApiDocument;
  /** 0 picks a free port. */
  port?: number;
  store?: SandboxStore;
}

export interface LocalServer {
  /** e.g. `http://127.0.0.1:4010` */
  origin: string;
  store: SandboxStore;
  server: Server;
  close(): Promise<void>;
}

const HOST = '127.0.0.1';

let abortReasonShared = false;

/**
 * MSW aborts a fresh AbortController after every resolver it runs; without a reason, each
 * `abort()` builds a new DOMException with a stack trace, about a tenth of this server's CPU
 * under load. In this process only, reuse one AbortError as the default reason.
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

/** Reads at most `MAX_BODY_BYTES + 1` bytes (enough for the pipeline to answer 413) and drains the rest. */
async function readBody(message: IncomingMessage): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of message as AsyncIterable<Buffer>) {
    if (size > MAX_BODY_BYTES) continue;
    chunks.push(chunk);
    size += chunk.length;
  }
  const received = Buffer.concat(chunks).subarray(0, MAX_BODY_BYTES + 1);
  const body = new Uint8Array(new ArrayBuffer(received.length));
  body.set(received);
  return body;
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
    return new Request(url, { method, headers, ...(body === undefined ? {} : { body }) });
  } catch {
    return undefined;
  }
}

async function send(response: Response, target: ServerResponse): Promise<void> {
  const body = Buffer.from(await response.arrayBuffer());
  const headers: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  headers['content-length'] = String(body.length);
  target.writeHead(response.status, headers);
  target.end(body);
}

export function startLocalServer(options: LocalServerOptions): Promise<LocalServer> {
  shareDefaultAbortReason();
  const bases: ApiBases = {
    baseUrl: (options.baseUrl ?? DEFAULT_API_BASES.baseUrl).replace(/\/+$/, ''),
    partnersBaseUrl: (options.partnersBaseUrl ?? DEFAULT_API_BASES.partnersBaseUrl).replace(/\/+$/, ''),
  };
  const store = options.store ?? createSandboxStore();
  const nextRequestId = createRequestIds();
  const handlers = createSandboxHandlers({ ...bases, store, openapi: options.openapi });
  const prefixes = [bases.baseUrl, bases.partnersBaseUrl].map((base) => ({ prefix: new URL(base).pathname, base }));

  /** The absolute API URL for a local path, or undefined outside both interfaces. */
  function apiUrl(localPath: string): string | undefined {
    for (const { prefix, base } of prefixes) {
      if (localPath === prefix || localPath.startsWith(`${prefix}/`) || localPath.startsWith(`${prefix}?`)) {
        return `${base}${localPath.slice(prefix.length)}`;
      }
    }
    return undefined;
  }

  async function answer(message: IncomingMessage): Promise<Response> {
    const localPath = message.url ?? '/';
    const method = message.method ?? 'GET';
    if (localPath === RESET_PATH && method === 'POST') {
      store.reset();
      return new Response(null, { status: 204, headers: { 'X-Request-Id': nextRequestId() } });
    }
    const url = apiUrl(localPath);
    const hasBody = method !== 'GET' && method !== 'HEAD';
    const body = hasBody ? await readBody(message) : undefined;
    if (url !== undefined) {
      const request = toRequest(url, method, toHeaders(message), body);
      if (request === undefined) {
        // fetch refuses CONNECT, TRACE and TRACK, so no handler can see them. Ask the handlers
        // what the path allows instead: 404 for an unknown path, else 405 with `Allow`; never a 500.
        const options = await getResponse(handlers, new Request(url, { method: 'OPTIONS' }));
        const allow = options?.headers.get('Allow');
        if (!options || !allow) return options ?? problemResponse({ status: 404, code: 'endpoint_not_found', detail: `Nothing lives at \`${localPath}\`.` }, nextRequestId());
        return problemResponse(
          { status: 405, code: 'method_not_allowed', detail: `${method} is not allowed on \`${localPath}\`; use ${allow}.`, headers: { Allow: allow } },
          nextRequestId(),
        );
      }
      const response = await getResponse(handlers, request);
      if (response !== undefined) return response;
    }
    return problemResponse(
      {
        status: 404,
        code: 'endpoint_not_found',
        detail: `Nothing lives at \`${localPath}\`. The main interface is under ${prefixes[0]!.prefix}, the partner interface under ${prefixes[1]!.prefix}.`,
      },
      nextRequestId(),
    );
  }

  const server = createServer((message, target) => {
    answer(message)
      .catch((error: unknown) =>
        problemResponse(
          { status: 500, code: 'internal_error', detail: `The sandbox failed unexpectedly: ${String(error)}` },
          nextRequestId(),
        ),
      )
      .then((response) => send(response, target))
      .catch(() => target.destroy());
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? DEFAULT_SANDBOX_PORT, HOST, () => {
      server.off('error', reject);
      const { port } = server.address() as AddressInfo;
      resolve({
        origin: `http://${HOST}:${port}`,
        store,
        server,
        close: () =>
          new Promise<void>((done, fail) => {
            server.close((error) => (error ? fail(error) : done()));
            server.closeAllConnections();
          }),
      });
    });
  });
}
