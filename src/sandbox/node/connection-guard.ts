/**
 * Node only: what the local HTTP sandbox answers a client it will not serve, on the raw socket but
 * in the API's own error format with an `X-Request-Id`, like every other answer of the sandbox:
 * 503 with `Retry-After` beyond the connections one address may hold, 408 past the headers or
 * request timeout, and what Node answers to malformed HTTP itself (400, 413, 431). The limits are
 * the front server's (src/server/connection-limits.ts, src/server/connection-cap.ts).
 */
import { STATUS_CODES, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { capConnectionsPerAddress, RETRY_AFTER_SECONDS } from '../../server/connection-cap.ts';
import type { ConnectionLimits } from '../../server/connection-limits.ts';
import { lingeringClose } from '../../server/lingering-close.ts';
import type { SandboxProblem } from '../core/types.ts';

export interface ConnectionGuard {
  /** Whether the guard answered the connection (503 beyond the cap, 408 past a timeout): nothing it sends is served, or changes anything. */
  answered(socket: Socket): boolean;
  /** The answer being written on a connection, so a timeout never writes into the middle of it. */
  answering(response: ServerResponse): void;
}

/**
 * The problem for a client error Node reports (its code), as Node's own answers have it; undefined
 * when the peer is gone and nothing can be answered.
 */
function clientErrorProblem(code: string | undefined, limits: ConnectionLimits): SandboxProblem | undefined {
  if (code === 'ECONNRESET' || code === 'EPIPE') return undefined;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, reason: 'request_timeout', detail: `The request did not arrive in time: this sandbox waits ${limits.headersTimeoutMs} ms for a request's headers and ${limits.requestTimeoutMs} ms for the whole request. Send it at once.` };
  }
  if (code === 'HPE_HEADER_OVERFLOW') return { status: 431, reason: 'headers_too_large', detail: 'The request headers are larger than this sandbox reads.' };
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return { status: 413, reason: 'payload_too_large', detail: 'The chunk extensions are larger than this sandbox reads.' };
  return { status: 400, reason: 'bad_request', detail: 'The request is not well-formed HTTP/1.1.' };
}

/** The problem beyond the per-address cap. */
function tooManyConnectionsProblem(maxPerAddress: number): SandboxProblem {
  return { status: 503, reason: 'too_many_connections', detail: `Your address holds ${maxPerAddress} connections to this sandbox at once, as many as it allows; close some and try again.`, headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) } };
}

/** A whole HTTP/1.1 answer's bytes; it closes its connection. */
async function rawAnswer(response: Response): Promise<Buffer> {
  const body = Buffer.from(await response.arrayBuffer());
  const lines = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ''}`];
  // No CORS headers: this answer is for no request a page could read.
  response.headers.forEach((value, name) => {
    if (!name.startsWith('access-control-') && name !== 'content-length' && name !== 'connection') lines.push(`${name}: ${value}`);
  });
  lines.push(`content-length: ${body.length}`, 'connection: close');
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`, 'latin1'), body]);
}

/**
 * Caps the server's connections per address and answers Node's client errors (timeouts, malformed
 * requests) with `answer(problem)`; the socket then closes gently (lingering-close.ts).
 */
export function guardConnections(server: Server, limits: ConnectionLimits, answer: (problem: SandboxProblem) => Response): ConnectionGuard {
  const inFlight = new WeakMap<Socket, ServerResponse>();
  const cut = new WeakSet<Socket>();
  const write = (socket: Socket, problem: SandboxProblem) =>
    void rawAnswer(answer(problem)).then(
      (text) => {
        if (socket.writable) socket.write(text);
        lingeringClose(socket);
      },
      () => socket.destroy(),
    );
  const refused = capConnectionsPerAddress(server, limits.maxPerAddress, (socket) => write(socket, tooManyConnectionsProblem(limits.maxPerAddress)));
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const problem = clientErrorProblem(error.code, limits);
    // Past the start of an answer, or on a refused connection, there is nothing more to say.
    if (problem === undefined || refused(socket) || cut.has(socket) || !socket.writable || inFlight.get(socket)?.headersSent) return void socket.destroy();
    cut.add(socket);
    write(socket, problem);
  });
  return {
    answered: (socket) => refused(socket) || cut.has(socket),
    answering(response) {
      const socket = response.socket;
      if (!socket) return;
      inFlight.set(socket, response);
      response.once('close', () => {
        if (inFlight.get(socket) === response) inFlight.delete(socket);
      });
    },
  };
}
