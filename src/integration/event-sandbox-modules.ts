/**
 * Build-time modules of the event sandbox for the browser, one per public event API with a
 * WebSocket server (keyed like the OpenAPI sandboxes, `<version>~<id>`):
 *   virtual:caravan-docs/event-sandboxes          `eventSandboxes`: key -> () => import(its module)
 *   virtual:caravan-docs/event-sandbox/<key>      `api` (the engine's runtime description, examples
 *                                                 made and checked here) and `validators` (each
 *                                                 payload schema as Ajv standalone code)
 *   virtual:caravan-docs/event-console            `startEventConsoles`: imports and mounts the
 *                                                 event console, or undefined on a site without
 *                                                 such APIs, whose bundle then holds none of it
 *                                                 (it would share MSW's core with the HTTP console
 *                                                 in a chunk of its own: about 3 KB gzip more on
 *                                                 every console page)
 * An event operation's console loads its API's module when the reader first uses it. The event
 * APIs come parsed from the integration (src/asyncapi/load.ts): the same list the pages render.
 * Node only.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import type { LoadedEventApi } from '../asyncapi/load.ts';
import { eventSandboxParts, eventValidatorModule, type EventSandboxParts } from '../sandbox/build/event-runtime.ts';

const LIST_MODULE = 'virtual:caravan-docs/event-sandboxes';
const CONSOLE_MODULE = 'virtual:caravan-docs/event-console';
const EVENT_CONSOLE = fileURLToPath(new URL('../console/events/event-console.ts', import.meta.url));
const MODULE_PREFIX = 'virtual:caravan-docs/event-sandbox/';

/** Whether an event API has a sandbox in the browser: one WebSocket server at least (MSW intercepts WebSockets, not MQTT or Kafka). */
export function hasBrowserSandbox(entry: LoadedEventApi): boolean {
  return entry.api.servers.some((server) => /^wss?$/i.test(server.protocol));
}

/** `events`: the build's public event APIs (a description changed in `astro dev` restarts the server, and this list with it). */
export function eventSandboxModulesPlugin(events: readonly LoadedEventApi[]): Plugin {
  const parts = new Map<string, EventSandboxParts>();
  const partsOf = (key: string): EventSandboxParts | undefined => {
    const entry = events.find((candidate) => candidate.key === key && hasBrowserSandbox(candidate));
    if (!entry) return undefined;
    let found = parts.get(key);
    if (!found) {
      found = eventSandboxParts(entry.api);
      parts.set(key, found);
    }
    return found;
  };
  return {
    name: 'caravan-docs:event-sandbox-modules',
    resolveId(id) {
      return id === LIST_MODULE || id === CONSOLE_MODULE || id.startsWith(MODULE_PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (id === `\0${CONSOLE_MODULE}`) {
        if (!events.some(hasBrowserSandbox)) return 'export const startEventConsoles = undefined;\n';
        return `export const startEventConsoles = () => import(${JSON.stringify(EVENT_CONSOLE)}).then((module) => module.mountAll());\n`;
      }
      if (id === `\0${LIST_MODULE}`) {
        const loaders = events
          .filter(hasBrowserSandbox)
          .map((entry) => `  ${JSON.stringify(entry.key)}: () => import(${JSON.stringify(`${MODULE_PREFIX}${entry.key}`)}),`);
        return `export const eventSandboxes = {\n${loaders.join('\n')}\n};\n`;
      }
      if (!id.startsWith(`\0${MODULE_PREFIX}`)) return undefined;
      const found = partsOf(id.slice(MODULE_PREFIX.length + 1));
      // A key no public event API has: an empty module, never another API's.
      if (!found) return 'export const api = undefined;\nexport const validators = {};\n';
      return `export const api = ${JSON.stringify(found.api)};\n${eventValidatorModule(found)}\n`;
    },
  };
}
