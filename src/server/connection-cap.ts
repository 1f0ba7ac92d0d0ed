import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { throttledAddress } from '../auth/sign-in-gate.ts';

/** How long a refused client is told to wait (`Retry-After`, in seconds). */
export const RETRY_AFTER_SECONDS = 5;

const TOO_MANY = 'Too many connections from your address; close some and try again.\n';
const TOO_MANY_ANSWER = `HTTP/1.1 503 Service Unavailable\r\nRetry-After: ${RETRY_AFTER_SECONDS}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(TOO_MANY)}\r\nConnection: close\r\n\r\n${TOO_MANY}`;

/** Slots per client address: `take` returns the function that gives the slot back, or undefined when the address has none left. */
export interface AddressSlots {
  take(remoteAddress: string): (() => void) | undefined;
}

/**
 * At most `maxPerAddress` slots per client address at once (an IPv6 /64 counts as one, as for the
 * sign-in throttle; 0: no cap). Addresses holding nothing are forgotten, so the map is as large
 * as the connections open.
 */
export function addressSlots(maxPerAddress: number): AddressSlots {
  const open = new Map<string, number>();
  return {
    take(remoteAddress) {
      if (maxPerAddress === 0) return () => undefined;
      const address = throttledAddress(remoteAddress);
      const count = open.get(address) ?? 0;
      if (count >= maxPerAddress) return undefined;
      open.set(address, count + 1);
      let given = false;
      return () => {
        if (given) return;
        given = true;
        const left = (open.get(address) ?? 1) - 1;
        if (left > 0) open.set(address, left);
        else open.delete(address);
      };
    },
  };
}

/**
 * At most `maxPerAddress` open connections per client address (0: no cap). One more is handed to
 * `refuse` at once, before anything it sends is read, to be answered (`plainRefusal`, say) and
 * closed. Returns whether a socket was refused, so its requests are ignored.
 */
export function capConnectionsPerAddress(server: Server, maxPerAddress: number, refuse: (socket: Socket) => void): (socket: Socket) => boolean {
  const refused = new WeakSet<Socket>();
  if (maxPerAddress === 0) return () => false;
  const slots = addressSlots(maxPerAddress);
  server.on('connection', (socket: Socket) => {
    const release = slots.take(socket.remoteAddress ?? '');
    if (release === undefined) {
      refused.add(socket);
      refuse(socket);
      return;
    }
    socket.once('close', release);
  });
  return (socket) => refused.has(socket);
}

/** A refusal in plain text: 503 with `Retry-After`, then `close`. */
export function plainRefusal(close: (socket: Socket) => void): (socket: Socket) => void {
  return (socket) => {
    socket.write(TOO_MANY_ANSWER);
    close(socket);
  };
}
