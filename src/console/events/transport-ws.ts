/**
 * The WebSocket transport of an event console (the interface is in ../transport.ts): one
 * connection at a time to a channel's URL. To the sandbox, the page's event sandbox answers it
 * in the page (MSW intercepts the WebSocket, event-sandbox.ts); to the real server, the browser
 * connects past it. Frames arrive as text (a binary frame is read as UTF-8).
 */
import type { Destination, FrameListener, Transport } from '../transport.ts';

export type WebSocketTransport = Transport<string, void> & Required<Pick<Transport<string, void>, 'connect' | 'close'>> & { readonly connected: boolean };

/** How long an opening handshake may take before the console gives up on it. */
const OPEN_TIMEOUT_MS = 10_000;
/** `WebSocket.OPEN`, written out: the sandbox's stand-in class may not carry the constants. */
const OPEN = 1;

export function webSocketTransport(destination: Destination): WebSocketTransport {
  let socket: WebSocket | undefined;
  return {
    destination,
    get connected() {
      return socket?.readyState === OPEN;
    },
    connect(url: string, listener: FrameListener) {
      socket?.close(1000);
      return new Promise<void>((resolve, reject) => {
        // Created at call time: the event sandbox replaces the page's WebSocket while it runs.
        const opening = new WebSocket(url);
        opening.binaryType = 'arraybuffer';
        socket = opening;
        let open = false;
        const timer = setTimeout(() => opening.close(), OPEN_TIMEOUT_MS);
        opening.addEventListener('open', () => {
          open = true;
          clearTimeout(timer);
          resolve();
        });
        opening.addEventListener('message', (event: MessageEvent) => {
          const data = typeof event.data === 'string' ? event.data : new TextDecoder().decode(event.data as ArrayBuffer);
          listener.frame(data, performance.now());
        });
        opening.addEventListener('close', (event) => {
          clearTimeout(timer);
          if (socket === opening) socket = undefined;
          if (open) listener.closed(event.code, event.reason);
          else reject(new Error(event.reason || `the connection to ${url} did not open (code ${event.code})`));
        });
      });
    },
    async send(frame: string) {
      if (socket?.readyState !== OPEN) throw new Error('not connected');
      socket.send(frame);
    },
    close() {
      socket?.close(1000);
    },
  };
}
