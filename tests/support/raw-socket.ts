/** Raw `node:net` clients for the servers' body and connection limits (the front server, the local sandboxes): nothing normalises what they send, and every wait is bounded. */
import { connect, type Socket } from 'node:net';

export interface RawExchange {
  /** The answer's status, or 0 when none came. */
  status: number;
  /** The answer's status line and headers. */
  head: string;
  body: string;
  /** From the connection to its close (or to `forMs`). */
  ms: number;
  /** Whether the server closed the connection before `forMs` was up. */
  closedByServer: boolean;
}

export interface TrickleOptions {
  /** Sent at once. */
  head: string;
  /** Then sent one character every `everyMs`. */
  trickle?: string;
  everyMs?: number;
  /** The longest the client waits for the server to close. */
  forMs: number;
  /** Another loopback address (127.0.0.2) to be another client. */
  localAddress?: string;
  /** Keep sending after the server stops (its FIN does not end this side). */
  halfOpen?: boolean;
  /** Called once, when the first bytes of an answer arrive. */
  onAnswer?: (socket: Socket) => void;
}

/** Sends `head`, trickles the rest, and resolves with what came back when the server closed (or `forMs` passed). */
export function trickle(origin: string, options: TrickleOptions): Promise<RawExchange> {
  const { port } = new URL(origin);
  const rest = options.trickle ?? '';
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect({ port: Number(port), host: '127.0.0.1', allowHalfOpen: options.halfOpen ?? false, ...(options.localAddress ? { localAddress: options.localAddress } : {}) });
    let received = '';
    let sent = 0;
    let done = false;
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      if (received === '') options.onAnswer?.(socket);
      received += chunk;
    });
    socket.on('error', () => undefined);
    const finish = (closedByServer: boolean) => {
      if (done) return;
      done = true;
      clearInterval(drip);
      clearTimeout(timer);
      socket.destroy();
      const at = received.indexOf('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0), head: at < 0 ? received : received.slice(0, at), body: at < 0 ? '' : received.slice(at + 4), ms: Date.now() - started, closedByServer });
    };
    const drip = setInterval(() => {
      if (sent < rest.length && !socket.destroyed) socket.write(rest[sent++]!);
    }, options.everyMs ?? 100);
    const timer = setTimeout(() => finish(false), options.forMs);
    socket.on('close', () => finish(true));
    socket.write(options.head);
  });
}

/** What a chunked flood did: the server's answer, how long it kept reading, and how much was sent. */
export interface FloodResult {
  status: number;
  ms: number;
  closedByServer: boolean;
  sentBytes: number;
}

/**
 * A chunked upload pumped as fast as the server takes it, until the server closes the connection
 * or `forMs` passes. `head` is the request line and headers, without `Transfer-Encoding`.
 */
export function chunkedFlood(origin: string, head: string, forMs: number): Promise<FloodResult> {
  const { port } = new URL(origin);
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(Number(port), '127.0.0.1');
    let received = '';
    let sentBytes = 0;
    let open = true;
    const chunk = `${(64 * 1024).toString(16)}\r\n${'x'.repeat(64 * 1024)}\r\n`;
    socket.setEncoding('latin1');
    socket.on('data', (data: string) => (received += data));
    socket.on('error', () => undefined);
    const finish = (closedByServer: boolean) => {
      if (!open) return;
      open = false;
      clearTimeout(timer);
      socket.destroy();
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(received)?.[1] ?? 0), ms: Date.now() - started, closedByServer, sentBytes });
    };
    const timer = setTimeout(() => finish(false), forMs);
    socket.on('close', () => finish(true));
    const pump = () => {
      while (open && !socket.destroyed) {
        sentBytes += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
    };
    socket.write(`${head}\r\nTransfer-Encoding: chunked\r\n\r\n`, pump);
  });
}

/** `count` connected sockets that send nothing (the caller destroys them). */
export function openSockets(origin: string, count: number): Promise<Socket[]> {
  const { port } = new URL(origin);
  return Promise.all(
    Array.from({ length: count }, () =>
      new Promise<Socket>((resolve) => {
        const socket = connect(Number(port), '127.0.0.1', () => resolve(socket));
        socket.on('error', () => undefined);
      }),
    ),
  );
}

/** A header's value in a raw head, case-insensitively. */
export function headerOf(head: string, name: string): string | undefined {
  return new RegExp(`^${name}: *(.*)$`, 'im').exec(head)?.[1]?.trim();
}
