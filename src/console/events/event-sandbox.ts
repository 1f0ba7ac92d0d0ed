/**
 * The page's event sandbox: its API's module (runtime description and validators, made at build
 * time: src/integration/event-sandbox-modules.ts) loaded on first use, and the engine answering
 * WebSockets in the page. No service worker: MSW's WebSocket interceptor alone, with the
 * sandbox's handlers while the console talks to the sandbox and none while it talks to the real
 * server (an unhandled connection goes through to its address).
 */
import { WebSocketInterceptor } from '@mswjs/interceptors/WebSocket';
import { defineNetwork, InterceptorSource } from 'msw/experimental';
import { eventSandboxes } from 'virtual:caravan-docs/event-sandboxes';
import { startEventSandbox, type EventSandboxModule, type RunningEventSandbox } from '../../sandbox/browser/events.ts';

export interface PageEventSandbox {
  module: EventSandboxModule;
  running: RunningEventSandbox;
  /** Intercepts the page's WebSockets to the API's servers (the sandbox answers), or lets them through. */
  intercept(on: boolean): void;
}

const started = new Map<string, Promise<PageEventSandbox>>();

export function pageEventSandbox(key: string): Promise<PageEventSandbox> {
  let found = started.get(key);
  if (!found) {
    found = start(key);
    started.set(key, found);
  }
  return found;
}

async function start(key: string): Promise<PageEventSandbox> {
  const load = (eventSandboxes as Record<string, (() => Promise<EventSandboxModule>) | undefined>)[key];
  if (load === undefined) throw new Error(`no event sandbox for ${key} (event APIs with a WebSocket server: ${Object.keys(eventSandboxes).join(', ') || 'none'})`);
  const module = await load();
  const running = startEventSandbox(module);
  // A WebSocket to any other address passes, as the HTTP sandbox lets unhandled requests through.
  const network = defineNetwork({ sources: [new InterceptorSource({ interceptors: [new WebSocketInterceptor()] })], handlers: [], onUnhandledFrame: 'bypass', context: { quiet: true } });
  await network.enable();
  return {
    module,
    running,
    intercept(on) {
      network.resetHandlers(...(on ? running.handlers : []));
    },
  };
}
