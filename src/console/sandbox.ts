/**
 * The page's sandbox: the version's module (validators generated at build time, the runtime
 * description and the site's extension) loaded on demand from `virtual:caravan-docs/sandboxes`,
 * prepared once, and started in a service worker shared by every console of the page.
 */
import { sandboxes } from 'virtual:caravan-docs/sandboxes';
import { prepareSandbox, type PreparedSandbox, type SandboxModule } from '../sandbox/browser/start.ts';

export type { RunningSandbox } from '../sandbox/browser/start.ts';

/** The version's sandbox, prepared (not yet started), or an error naming the versions that have one. */
export async function pageSandbox(version: string): Promise<PreparedSandbox> {
  const load = (sandboxes as Record<string, (() => Promise<SandboxModule>) | undefined>)[version];
  if (load === undefined) throw new Error(`no sandbox for version ${version} (versions with an OpenAPI description: ${Object.keys(sandboxes).join(', ') || 'none'})`);
  return prepareSandbox(await load());
}
