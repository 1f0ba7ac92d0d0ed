/**
 * Leaves the parts of MSW the browser sandbox never uses out of the browser bundle: its cookie
 * jar (`tough-cookie` with the public-suffix list) and its WebSocket interceptor, each replaced
 * by a stub with the same surface (src/sandbox/browser/msw-stubs/). Only the client build is
 * touched: Node code (the local sandbox, tests) keeps the real modules.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const STUBS: Readonly<Record<string, string>> = {
  'tough-cookie': fileURLToPath(new URL('../sandbox/browser/msw-stubs/tough-cookie.ts', import.meta.url)),
  '@mswjs/interceptors/WebSocket': fileURLToPath(new URL('../sandbox/browser/msw-stubs/websocket-interceptor.ts', import.meta.url)),
};

export function browserStubsPlugin(): Plugin {
  return {
    name: 'caravan-docs:browser-stubs',
    enforce: 'pre',
    resolveId(id) {
      if (this.environment?.name !== 'client') return undefined;
      return STUBS[id];
    },
  };
}
