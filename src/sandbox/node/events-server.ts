/**
 * Node only: an event API's sandbox as real WebSocket endpoints on 127.0.0.1 (the `ws` package),
 * for wscat, websocat, SDKs and any WebSocket client. Each WebSocket server of the description is
 * served under its URL's path (`wss://ws.example.com/v1` under `/v1`; the longest matching path
 * wins, and a description without servers is served at the root), each channel at its address
 * below it: `ws://127.0.0.1:4010/v1/marketdata/btcusd`. The engine (src/sandbox/core/events/)
 * answers every frame; this module only carries them. Refused before the upgrade, as HTTP: a Host
 * that is not one of its own (400, 403: DNS rebinding), an Origin other than the docs site's and
 * local pages' (403: any site a developer visits could connect otherwise), a path with no channel
 * (404), more connections than the total or one address may hold (503 with `Retry-After`). As the
 * front server, it gives a request's headers a timeout and caps connections per address
 * (src/server/connection-limits.ts); a WebSocket nobody uses is let go (websocket-liveness.ts).
 * `POST /__sandbox/emit?operation=<id>` sends an operation the API sends on its own (a heartbeat)
 * to every connection where it is sent.
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { addressSlots, capConnectionsPerAddress, plainRefusal, RETRY_AFTER_SECONDS } from '../../server/connection-cap.ts';
import { DEFAULT_CONNECTION_LIMITS, httpServerTimeouts, type ConnectionLimits } from '../../server/connection-limits.ts';
import { hostnameOf, hostPolicy, LOOPBACK_HOSTNAMES, requestHost } from '../../server/host.ts';
import { lingeringClose } from '../../server/lingering-close.ts';
import type { EventSandbox, EventSession } from '../core/events/sandbox.ts';
import type { Frame } from '../core/events/types.ts';
import { DEFAULT_SANDBOX_PORT } from './local-server.ts';
import { originPolicy } from './origins.ts';
import { DEFAULT_WEBSOCKET_LIMITS, type WebSocketLimits } from './websocket-limits.ts';
import { watchLiveness } from './websocket-liveness.ts';

export const EMIT_PATH = '/__sandbox/emit';

/** What the transport holds of one frame before the engine sees it; past it, `ws` closes the connection with 1009. */
export const TRANSPORT_FRAME_BYTES = 1024 * 1024;
/** Frames a connection has not read yet, in bytes; past it, the connection is closed with 1008. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
/** How long `close` waits for clients to acknowledge the close before cutting them off. */
const CLOSE_WAIT_MS = 1000;

export interface EventServerOptions {
  sandbox: EventSandbox;
  /** 0 picks a free port. */
  port?: number | undefined;
  /** The docs site's origin (`url` in site.yml): its pages may connect, as may pages on localhost. */
  siteOrigin?: string | undefined;
  /** The address to listen on; 127.0.0.1 unless told. */
  host?: string | undefined;
  /** Host names it answers for besides loopback ones and its listening address. */
  allowedHosts?: readonly string[] | undefined;
  /** The upgrade request's timeouts and the cap on connections per address, as the front server's. */
  connections?: ConnectionLimits | undefined;
  /** WebSocket connections in all and per address, pings and the idle timeout (websocket-limits.ts). */
  websockets?: Partial<WebSocketLimits> | undefined;
}

export interface EventServer {
  /** e.g. `ws://127.0.0.1:4010` */
  origin: string;
  /** Local path prefix -> the description's server URL it stands for (none for a description without servers). */
  mounts: ReadonlyArray<{ prefix: string; server?: string | undefined }>;
  /** Every channel address under every prefix, as a URL template (`ws://127.0.0.1:4010/v1/marketdata/{symbol}`). */
  endpoints: string[];
  server: Server;
  close(): Promise<void>;
}

/** `/v1` for `wss://ws.example.com/v1/`, `` for a server at a host root. */
function serverPath(url: string): string {
  return url.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').replace(/[?#].*$/s, '').replace(/\/+$/, '');
}

/**
 * An HTTP answer on a socket that asked for an upgrade (it never became a WebSocket); a 503 says
 * when to try again. The server's timeouts no longer watch such a socket, and it is half-open: a
 * client that never closes its side would hold it (and its address's slot) for ever, so it is cut
 * once the answer is out.
 */
function refuseUpgrade(socket: Duplex, status: number, text: string): void {
  const body = Buffer.from(`${text}\n`);
  const retry = status === 503 ? `Retry-After: ${RETRY_AFTER_SECONDS}\r\n` : '';
  socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${retry}Content-Type: text/plain; charset=utf-8\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n${body}`);
  lingeringClose(socket);
}

function sendJson(target: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  target.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  target.end(text);
}

export function startEventServer(options: EventServerOptions): Promise<EventServer> {
  const { sandbox } = options;
  const listenHost = options.host ?? '127.0.0.1';
  const ownNames = ['0.0.0.0', '::', '[::]'].includes(listenHost) ? [] : [listenHost.includes(':') && !listenHost.startsWith('[') ? `[${listenHost}]` : listenHost];
  const hostVerdictOf = hostPolicy([...ownNames, ...(options.allowedHosts ?? [])]);
  const originVerdictOf = originPolicy(options.siteOrigin);
  const limits = { ...DEFAULT_WEBSOCKET_LIMITS, ...options.websockets };
  const perAddress = addressSlots(limits.maxPerAddress);
  const liveness = watchLiveness(limits);
  const servers = sandbox.api.servers;
  const mounts = (servers.length === 0 ? [{ prefix: '', server: undefined }] : servers.map((server) => ({ prefix: serverPath(server.url), server: server.url })))
    .filter((mount, index, all) => all.findIndex((other) => other.prefix === mount.prefix) === index)
    .sort((a, b) => b.prefix.length - a.prefix.length);
  const addresses = [...new Set(sandbox.api.operations.map((operation) => operation.address ?? '/'))];
  /** Every channel's local path, as a template (`/v1/marketdata/{symbol}`). */
  const paths = mounts.flatMap(({ prefix }) => addresses.map((address) => (address === '/' && prefix !== '' ? prefix : `${prefix}${address}`)));
  /** Each open connection's session, and what it tells the liveness watch. */
  const sessions = new Map<WebSocket, { session: EventSession; sent(): void }>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: TRANSPORT_FRAME_BYTES });

  /** The channel address a local path stands for, or undefined outside every server. */
  function addressOf(pathname: string): string | undefined {
    for (const { prefix } of mounts) if (prefix === '' || pathname === prefix || pathname.startsWith(`${prefix}/`)) return pathname.slice(prefix.length) || '/';
    return undefined;
  }

  /** Why a request may not be answered (status and text), or undefined. */
  function refusal(message: IncomingMessage, changes: boolean): { status: number; text: string } | undefined {
    const host = hostVerdictOf(requestHost(message.rawHeaders));
    if (host === 'malformed') return { status: 400, text: 'The Host header must be one host name or address and an optional port.' };
    if (host === 'foreign') return { status: 403, text: `This local sandbox does not answer for the host ${JSON.stringify(hostnameOf(message.headers.host ?? '') ?? '')}; it answers for ${[...LOOPBACK_HOSTNAMES, ...ownNames, ...(options.allowedHosts ?? [])].join(', ')}.` };
    const origin = typeof message.headers.origin === 'string' ? message.headers.origin : null;
    if (changes && originVerdictOf(origin) === 'foreign') return { status: 403, text: `Pages from ${origin} may not use this local sandbox; it takes pages from ${[options.siteOrigin, 'localhost (any port)'].filter(Boolean).join(' and ')}, and clients that send no Origin.` };
    return undefined;
  }

  function deliver(socket: WebSocket, frames: readonly Frame[]): void {
    for (const frame of frames) {
      // A client that sends and never reads would make the server hold its answers without end.
      if (socket.bufferedAmount > MAX_BUFFERED_BYTES) return socket.close(1008, 'Too many unread frames');
      socket.send(frame.data);
      sessions.get(socket)?.sent();
    }
  }

  function attach(socket: WebSocket, session: EventSession): void {
    const watch = liveness.watch(socket);
    sessions.set(socket, { session, sent: watch.sent });
    socket.on('message', (data: RawData) => {
      watch.received();
      const frame = Array.isArray(data) ? Buffer.concat(data) : data;
      deliver(socket, session.receive(frame instanceof ArrayBuffer ? new Uint8Array(frame) : frame));
    });
    socket.on('close', () => sessions.delete(socket));
    socket.on('error', () => socket.terminate());
  }

  const connections = options.connections ?? DEFAULT_CONNECTION_LIMITS;
  const server = createServer(httpServerTimeouts(connections), (message, target) => {
    // A connection over its address's cap was answered 503 already: nothing it sends is served.
    if (refusedConnection(message.socket)) return;
    const pathname = (message.url ?? '/').split('?')[0]!;
    const refused = refusal(message, message.method !== 'GET' && message.method !== 'HEAD');
    if (refused) return sendJson(target, refused.status, { error: refused.text });
    if (pathname === EMIT_PATH && message.method === 'POST') {
      const query = new URLSearchParams((message.url ?? '').split('?')[1] ?? '');
      const operation = query.get('operation') ?? '';
      if (!sandbox.api.operations.some((candidate) => candidate.id === operation && candidate.action === 'receive')) {
        const known = sandbox.api.operations.filter((candidate) => candidate.action === 'receive').map((candidate) => candidate.id);
        return sendJson(target, 404, { error: `No operation ${JSON.stringify(operation)} is sent by the API; these are: ${known.join(', ') || 'none'}.` });
      }
      const example = query.has('example') ? Number(query.get('example')) : undefined;
      let sent = 0;
      for (const [socket, { session }] of sessions) {
        const frame = session.emit(operation, { message: query.get('message') ?? undefined, example });
        if (frame === undefined) continue;
        deliver(socket, [frame]);
        sent++;
      }
      return sendJson(target, 200, { operation, sent });
    }
    sendJson(target, 426, { error: `This is a WebSocket sandbox: connect a WebSocket client to ${paths.join(', ')}; POST ${EMIT_PATH}?operation=<id> sends what the API sends on its own.` });
  });

  const refusedConnection = capConnectionsPerAddress(server, connections.maxPerAddress, plainRefusal(lingeringClose));

  server.on('upgrade', (message: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    if (refusedConnection(message.socket)) return;
    const refused = refusal(message, true);
    if (refused) return refuseUpgrade(socket, refused.status, refused.text);
    const pathname = (message.url ?? '/').split('?')[0]!;
    const address = addressOf(pathname);
    const session = address === undefined ? undefined : sandbox.connect(address);
    if (session === undefined) return refuseUpgrade(socket, 404, `No channel has the address ${pathname}; the channels are at ${paths.join(', ')}.`);
    if (sessions.size >= limits.maxConnections) return refuseUpgrade(socket, 503, `This local sandbox holds ${limits.maxConnections} connections at once; close one and connect again.`);
    const release = perAddress.take(message.socket.remoteAddress ?? '');
    if (release === undefined) return refuseUpgrade(socket, 503, `This local sandbox holds ${limits.maxPerAddress} connections from one address at once; close one and connect again.`);
    // The address's slot is given back when the socket closes, upgraded or not.
    socket.once('close', release);
    wss.handleUpgrade(message, socket, head, (connection) => attach(connection, session));
  });

  return new Promise((resolve, reject) => {
    // A port already taken: nothing of this server may keep running (the liveness timer, the WebSocket server).
    const failed = (error: Error) => {
      liveness.stop();
      wss.close();
      reject(error);
    };
    server.once('error', failed);
    server.listen(options.port ?? DEFAULT_SANDBOX_PORT, listenHost, () => {
      server.off('error', failed);
      const { port } = server.address() as AddressInfo;
      const origin = `ws://${ownNames[0] ?? '127.0.0.1'}:${port}`;
      resolve({
        origin,
        mounts,
        endpoints: paths.map((path) => `${origin}${path}`),
        server,
        async close() {
          const open = [...sessions.keys()];
          const closed = open.map((socket) => new Promise<void>((done) => socket.once('close', () => done())));
          for (const socket of open) socket.close(1001, 'The sandbox stopped');
          await Promise.race([Promise.all(closed), new Promise((done) => setTimeout(done, CLOSE_WAIT_MS).unref())]);
          for (const socket of open) socket.terminate();
          liveness.stop();
          wss.close();
          await new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          });
        },
      });
    });
  });
}
