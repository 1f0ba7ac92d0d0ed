import type { Duplex } from 'node:stream';

/** How long a client still sending a refused body may go on before its connection is cut. */
const LINGER_MS = 2000;

/**
 * How Node ends a connection after a `Connection: close` answer (it calls `destroySoon`), made
 * gentle: closing at once while the client is still sending (a 413 for a body over the limit)
 * makes the kernel answer the bytes still arriving with a reset, which can reach the client
 * before the answer and erase it. This side stops writing (FIN) once the answer is out, what
 * still arrives is discarded, and the socket is cut after LINGER_MS at most: a refused upload
 * costs a bounded time and no memory. Any duplex: an HTTP connection, or a refused upgrade's socket.
 */
export function lingeringClose(socket: Duplex): void {
  socket.end();
  const cut = setTimeout(() => socket.destroy(), LINGER_MS);
  cut.unref();
  socket.once('close', () => clearTimeout(cut));
}
