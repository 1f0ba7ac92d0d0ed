/**
 * Node only: how the local event sandbox lets go of WebSocket connections nobody uses. Every
 * `pingIntervalMs` each connection is pinged, and one that has answered nothing since the last
 * ping (no pong, no frame) is a dead peer, cut at once: at most two intervals after it went
 * silent. Pings only prove a peer is there: a connection on which no frame has gone either way
 * for `idleTimeoutMs` (what it sends, and what the sandbox sends it, emitted frames included) is
 * closed with 1001 and a reason, so a client left open gives its place back.
 */
import type { WebSocket } from 'ws';
import type { WebSocketLimits } from './websocket-limits.ts';

export interface Liveness {
  /** Watches a new connection: tell it of every frame the connection sends, and every one it is sent. */
  watch(socket: WebSocket): { received(): void; sent(): void };
  /** Stops pinging (the server is closing). */
  stop(): void;
}

export function watchLiveness({ pingIntervalMs, idleTimeoutMs }: Pick<WebSocketLimits, 'pingIntervalMs' | 'idleTimeoutMs'>): Liveness {
  /** Whether each connection has answered since the last ping. */
  const answered = new Map<WebSocket, boolean>();
  const pinger = setInterval(() => {
    for (const [socket, alive] of answered) {
      if (!alive) {
        socket.terminate();
        continue;
      }
      answered.set(socket, false);
      socket.ping();
    }
  }, pingIntervalMs);
  pinger.unref();

  return {
    watch(socket) {
      answered.set(socket, true);
      socket.on('pong', () => answered.set(socket, true));
      const idle = idleTimeoutMs > 0 ? setTimeout(() => socket.close(1001, `Idle for ${idleTimeoutMs / 1000} s: no frame either way`), idleTimeoutMs) : undefined;
      idle?.unref();
      socket.once('close', () => {
        answered.delete(socket);
        clearTimeout(idle);
      });
      return {
        received() {
          if (answered.has(socket)) answered.set(socket, true);
          idle?.refresh();
        },
        // A frame sent proves nothing of the peer, but the connection is in use.
        sent: () => idle?.refresh(),
      };
    },
    stop: () => clearInterval(pinger),
  };
}
