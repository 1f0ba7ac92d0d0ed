import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { throttledAddress } from '../../auth/sign-in-gate.ts';

const TOO_MANY = 'Too many connections from your address; close some and try again.\n';
const TOO_MANY_ANSWER = `HTTP/1.1 503 Service Unavailable\r\nRetry-After: 5\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(TOO_MANY)}\r\nConnection: close\r\n\r\n${TOO_MANY}`;

/**
 * At most `maxPerAddress` open connections per client address (an IPv6 /64 counts as one, as for
 * the sign-in throttle; 0: no cap). One more is answered 503 at once, before anything it sends is
 * read, and closed with `close`. Returns whether a socket was refused, so its requests are ignored.
 */
export function capConnectionsPerAddress(server: Server, maxPerAddress: number, close: (socket: Socket) => void): (socket: Socket) => boolean {
  const refused = new WeakSet<Socket>();
  if (maxPerAddress === 0) return () => false;
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const address = throttledAddress(socket.remoteAddress ?? '');
    const count = open.get(address) ?? 0;
    if (count >= maxPerAddress) {
      refused.add(socket);
      socket.write(TOO_MANY_ANSWER);
      close(socket);
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  return (socket) => refused.has(socket);
}
