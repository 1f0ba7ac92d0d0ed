/** Virtual modules written by src/integration/sandbox-modules.ts. */
declare module 'virtual:caravan-docs/sandboxes' {
  import type { SandboxModule } from './browser/start.ts';
  /** Version id -> its sandbox module, loaded on demand (versions with an OpenAPI description only). */
  export const sandboxes: Readonly<Record<string, () => Promise<SandboxModule>>>;
}

declare module 'virtual:caravan-docs/sandbox/*' {
  import type { RuntimeApi, SandboxExtension, Validator } from './core/types.ts';
  export const version: string;
  export const api: RuntimeApi;
  export const validators: Readonly<Record<string, Validator>>;
  export const extension: SandboxExtension | undefined;
}
