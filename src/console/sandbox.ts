/**
 * The page's sandbox: the version's module (validators generated at build time, the runtime
 * description and the site's extension) loaded on demand from `virtual:caravan-docs/sandboxes`,
 * prepared once, and started in a service worker shared by every console of the page.
 */
import { sandboxes } from 'virtual:caravan-docs/sandboxes';
import { prepareSandbox, type PreparedSandbox, type SandboxModule } from '../sandbox/browser/start.ts';
import { privateSandboxEntry } from './private-entry.ts';

export type { RunningSandbox } from '../sandbox/browser/start.ts';

/** The version's sandbox, prepared (not yet started), or an error naming the versions that have one. */
export async function pageSandbox(version: string): Promise<PreparedSandbox> {
  const listed = (sandboxes as Record<string, (() => Promise<SandboxModule>) | undefined>)[version];
  if (listed !== undefined) return prepareSandbox(await listed());
  const loaded = await privateLoad(version)().catch(() => undefined);
  if (loaded === undefined) throw new Error(`no sandbox for version ${version} (versions with an OpenAPI description: ${Object.keys(sandboxes).join(', ') || 'none'})`);
  return prepareSandbox(loaded);
}

/** An API gated by roles is in no public list: its module is asked for by key, and only its readers get it (src/console/private-entry.ts). */
function privateLoad(key: string): () => Promise<SandboxModule> {
  // Beside this script in the assets folder. Not `new URL(…, import.meta.url)` written out: the bundler would turn that into a list of files.
  const here = import.meta.url;
  return () => import(/* @vite-ignore */ new URL(`./${privateSandboxEntry(key)}`, here).href) as Promise<SandboxModule>;
}
