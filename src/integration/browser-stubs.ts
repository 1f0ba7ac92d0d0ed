/**
 * Leaves the parts of MSW the browser sandbox never uses out of the browser bundle: its cookie
 * jar (`tough-cookie` with the public-suffix list) and its WebSocket interceptor, each replaced
 * by a stub with the same surface (src/sandbox/browser/msw-stubs/). Only the client build is
 * touched: Node code (the local sandbox, tests) keeps the real modules. A site with an event API
 * on a WebSocket server keeps the real interceptor: its consoles talk to the event sandbox through
 * it (about 7 KB gzip more on its console pages).
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const WEBSOCKET_INTERCEPTOR = '@mswjs/interceptors/WebSocket';

const STUBS: Readonly<Record<string, string>> = {
  'tough-cookie': fileURLToPath(new URL('../sandbox/browser/msw-stubs/tough-cookie.ts', import.meta.url)),
  [WEBSOCKET_INTERCEPTOR]: fileURLToPath(new URL('../sandbox/browser/msw-stubs/websocket-interceptor.ts', import.meta.url)),
};

export function browserStubsPlugin(options: { webSockets: boolean }): Plugin {
  const stubs = options.webSockets ? Object.fromEntries(Object.entries(STUBS).filter(([id]) => id !== WEBSOCKET_INTERCEPTOR)) : STUBS;
  return {
    name: 'caravan-docs:browser-stubs',
    enforce: 'pre',
    resolveId(id) {
      if (this.environment?.name !== 'client') return undefined;
      return stubs[id];
    },
  };
}
