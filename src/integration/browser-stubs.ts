/**
 * Leaves the parts of MSW the browser sandbox never uses out of the browser bundle: its cookie
 * jar (`tough-cookie` with the public-suffix list) and its WebSocket interceptor, each replaced
 * by a stub with the same surface (src/sandbox/browser/msw-stubs/). Only the client build is
 * touched: Node code (the local sandbox, tests) keeps the real modules. On a site with an event
 * API on a WebSocket server, the event console's sandbox (src/console/events/event-sandbox.ts) is
 * the one importer that gets the real interceptor: MSW's own imports of it (`setupWorker`'s batch,
 * the WebSocket handlers' logging, silenced there) keep the stub, so the HTTP consoles' bundle
 * does not carry it and their pages leave the page's WebSockets alone.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const WEBSOCKET_INTERCEPTOR = '@mswjs/interceptors/WebSocket';
const EVENT_SANDBOX = fileURLToPath(new URL('../console/events/event-sandbox.ts', import.meta.url));

const STUBS: Readonly<Record<string, string>> = {
  'tough-cookie': fileURLToPath(new URL('../sandbox/browser/msw-stubs/tough-cookie.ts', import.meta.url)),
  [WEBSOCKET_INTERCEPTOR]: fileURLToPath(new URL('../sandbox/browser/msw-stubs/websocket-interceptor.ts', import.meta.url)),
};

export function browserStubsPlugin(options: { webSockets: boolean }): Plugin {
  return {
    name: 'caravan-docs:browser-stubs',
    enforce: 'pre',
    resolveId(id, importer) {
      if (this.environment?.name !== 'client') return undefined;
      if (id === WEBSOCKET_INTERCEPTOR && options.webSockets && importer === EVENT_SANDBOX) return undefined;
      return STUBS[id];
    },
  };
}
