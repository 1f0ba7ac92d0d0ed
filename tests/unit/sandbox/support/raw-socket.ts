/** Raw `node:net` clients for the local sandboxes' connection limits: nothing normalises what they send, and every wait is bounded. */
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
