/** Virtual modules written by src/integration/sandbox-modules.ts. */
declare module 'virtual:caravan-docs/sandboxes' {
  import type { SandboxModule } from './browser/start.ts';
  /** Version id -> its sandbox module, loaded on demand (versions with an OpenAPI description only). */
  export const sandboxes: Readonly<Record<string, () => Promise<SandboxModule>>>;
}
