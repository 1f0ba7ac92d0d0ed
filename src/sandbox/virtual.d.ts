/** Virtual modules written by src/integration/sandbox-modules.ts. */
declare module 'virtual:caravan-docs/sandboxes' {
  import type { SandboxModule } from './browser/start.ts';
  /** Version id -> its sandbox module, loaded on demand (versions with an OpenAPI description only). */
  export const sandboxes: Readonly<Record<string, () => Promise<SandboxModule>>>;
}

/** Virtual modules written by src/integration/event-sandbox-modules.ts. */
declare module 'virtual:caravan-docs/event-sandboxes' {
  import type { EventSandboxModule } from './browser/events.ts';
  /** `<version>~<id>` -> its event API's sandbox module, loaded on demand (public event APIs with a WebSocket server only). */
  export const eventSandboxes: Readonly<Record<string, () => Promise<EventSandboxModule>>>;
}

declare module 'virtual:caravan-docs/event-console' {
  /** Imports and mounts the page's event consoles; undefined on a site without an event API on a WebSocket server. */
  export const startEventConsoles: (() => Promise<void>) | undefined;
}
