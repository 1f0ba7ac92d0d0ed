/**
 * The URL of the chunk holding Vite's preload helper, when the browser build made it a chunk of
 * its own. Every page's scripts import it, so a browser finds it only after reading one of them:
 * a second round trip before the page is idle, which Lighthouse's simulated mobile load put on
 * the largest paint's path in about half of its runs (LCP 1.3 s instead of 1.0 s). Named in the
 * head as a `modulepreload`, it is fetched beside the scripts instead.
 *
 * The browser bundle is made before the pages render, in the same process, but the integration
 * and the pages' server bundle are separate module graphs: the URL passes through `globalThis`,
 * set once per build. Pages rendered later by the sign-in server, and the dev server, have none
 * and name no helper.
 */
const KEY = Symbol.for('caravan-docs.preload-helper');

export function rememberPreloadHelper(href: string | undefined): void {
  (globalThis as Record<symbol, unknown>)[KEY] = href;
}

export function preloadHelperHref(): string | undefined {
  const href = (globalThis as Record<symbol, unknown>)[KEY];
  return typeof href === 'string' ? href : undefined;
}
