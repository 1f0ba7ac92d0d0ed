/**
 * Leaves the parts of MSW the browser sandbox never uses out of the browser bundle: its cookie
 * jar (`tough-cookie` with the public-suffix list) and its WebSocket interceptor, each replaced
 * by a stub with the same surface (src/sandbox/browser/msw-stubs/). Only the client build is
 * touched: Node code (the local sandbox, tests) keeps the real modules. A site with an event API
 * on a WebSocket server keeps the real interceptor for its event consoles, which talk to the event
 * sandbox through it; `setupWorker` (the HTTP consoles) still gets the stub, so an HTTP console
 * page leaves the page's WebSockets alone. The cost there: about 2.7 KB gzip of the interceptor's
 * classes, which MSW's WebSocket handlers import and the bundler puts in a chunk both share.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const WEBSOCKET_INTERCEPTOR = '@mswjs/interceptors/WebSocket';

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
      // With event consoles, only `setupWorker`'s own interceptor (the HTTP sandbox's) is the stub.
      if (id === WEBSOCKET_INTERCEPTOR && options.webSockets && !/[\\/]msw[\\/]lib[\\/]browser[\\/]/.test(importer ?? '')) return undefined;
      return STUBS[id];
    },
  };
}
