/**
 * The HTTP transport: a built request sent with `fetch`, to the page's sandbox (the service
 * worker answers it) or to the real API (MSW's `bypass` takes it past the worker), and its
 * response read whole. See transport.ts for the interface it shares with the WebSocket mode.
 */
import { bypass } from 'msw';
import type { Destination, HttpTransport } from './transport.ts';

export function httpTransport(destination: Destination): HttpTransport {
  return {
    destination,
    async send(request) {
      const started = performance.now();
      const outgoing = new Request(request.url, { method: request.method, headers: request.headers, ...(request.body !== undefined ? { body: request.body } : {}) });
      const response = await fetch(destination === 'real' ? bypass(outgoing) : outgoing);
      const text = await response.text();
      return { status: response.status, ok: response.ok, headers: [...response.headers], text, duration: performance.now() - started };
    },
  };
}
