/**
 * Browser entry point of the event sandbox: MSW WebSocket handlers (`ws.link`) for an event API's
 * WebSocket servers, answered in the page by the same engine as the local server
 * (src/sandbox/core/events/). Nothing happens on import. A console uses it like this:
 *
 *   const events = startEventSandbox(module);          // module: { api, validators } from the build
 *   worker.use(...events.handlers);                     // the page's MSW worker (or setupWorker(...events.handlers))
 *   const socket = new WebSocket('wss://api.gemini.com/v1/marketdata/btcusd');   // answered in the page
 *   socket.send(JSON.stringify(message));               // replies and error frames arrive as `message` events
 *   events.emit('sendMarketData');                      // what the API sends on its own, to every open connection
 *
 * A connection to a path with no channel is closed with code 4404, one past `maxConnections` with
 * 1013 (try again later), each with a reason. Frames are answered in the order they were sent.
 */
import { ws, type WebSocketData, type WebSocketHandler } from 'msw';
import { createEventSandbox, type EventSandbox, type EventSession } from '../core/events/sandbox.ts';
import type { EventRuntimeApi, EventSandboxLimits } from '../core/events/types.ts';
import type { Validator } from '../core/types.ts';

/** What the site's build gives the browser for one event API (src/sandbox/build/event-runtime.ts). */
export interface EventSandboxModule {
  api: EventRuntimeApi;
  /** The `validators` export of `eventValidatorModule(parts)`: key -> validator. */
  validators: Readonly<Record<string, Validator>>;
}

export interface StartEventSandboxOptions {
  /** Server URLs to answer instead of the description's WebSocket servers (needed when it names none). */
  servers?: readonly string[] | undefined;
  limits?: Partial<EventSandboxLimits> | undefined;
  /** Open connections at once (default 32). */
  maxConnections?: number | undefined;
}

export interface RunningEventSandbox {
  /** MSW handlers, one per server URL: pass them to `worker.use(...)` or `setupWorker(...)`. */
  handlers: WebSocketHandler[];
  sandbox: EventSandbox;
  /** Sends a message of an operation the API sends on its own to every open connection where it is sent; how many got it. */
  emit(operationId: string, options?: { message?: string; example?: number }): number;
  /** Open connections. */
  connections(): number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Every URL under a server: its host (variables `{x}` take any name part) and any path below its own. */
function serverPattern(url: string): RegExp {
  const base = escapeRegExp(url.replace(/\/+$/, '')).replace(/\\\{[^{}]*\\\}/g, '[^/]+');
  return new RegExp(`^${base}(?:/.*)?$`);
}

/** The path below the server's own path: what the channels' addresses are written against. */
function pathBelow(server: string, url: URL): string {
  const prefix = server.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i, '').replace(/\/+$/, '');
  return url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) || '/' : url.pathname;
}

/** A close reason fits 123 bytes (RFC 6455). */
const reason = (text: string) => (text.length > 120 ? `${text.slice(0, 119)}…` : text);

async function frameOf(data: WebSocketData): Promise<string | ArrayBuffer | ArrayBufferView> {
  return data instanceof Blob ? data.arrayBuffer() : data;
}

export function startEventSandbox(module: EventSandboxModule, options: StartEventSandboxOptions = {}): RunningEventSandbox {
  const sandbox = createEventSandbox({ api: module.api, validators: { get: (key) => module.validators[key] }, limits: options.limits });
  const maxConnections = options.maxConnections ?? 32;
  const open = new Map<{ send(data: string): void }, EventSession>();
  const servers = options.servers ?? module.api.servers.map((server) => server.url);
  const handlers = servers.map((server) =>
    ws.link(serverPattern(server)).addEventListener('connection', ({ client }) => {
      const path = pathBelow(server, client.url);
      const session = sandbox.connect(path);
      if (session === undefined) return client.close(4404, reason(`No channel has the address ${path}`));
      if (open.size >= maxConnections) return client.close(1013, reason(`The sandbox holds ${maxConnections} connections at once`));
      open.set(client, session);
      // One frame at a time, in order: a Blob is read before the frames sent after it are answered.
      let queue = Promise.resolve();
      client.addEventListener('message', (event) => {
        queue = queue
          .then(() => frameOf(event.data))
          .then((frame) => {
            for (const answer of session.receive(frame)) client.send(answer.data);
          })
          .catch(() => undefined);
      });
      client.addEventListener('close', () => open.delete(client));
    }),
  );
  return {
    handlers,
    sandbox,
    emit(operationId, choice) {
      let sent = 0;
      for (const [client, session] of open) {
        const frame = session.emit(operationId, choice);
        if (frame === undefined) continue;
        client.send(frame.data);
        sent++;
      }
      return sent;
    },
    connections: () => open.size,
  };
}
