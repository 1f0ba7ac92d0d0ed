/**
 * Every page's scripts only enhance what its HTML already shows (the copy buttons, tabs, page
 * actions, the search button, the loader of the console), so they are fetched at low priority: the
 * page and its first paint keep the connection. Astro writes each processed `<script>` as
 * `<script type="module" src>` with no way to add an attribute, so the rendered page is rewritten
 * (src/lib/script-priority-middleware.ts).
 */
const MODULE_SCRIPT = '<script type="module" src="';

/** The page with `fetchpriority="low"` on each module script Astro wrote. Pure. */
export function withLowPriorityScripts(html: string): string {
  return html.replaceAll(MODULE_SCRIPT, '<script type="module" fetchpriority="low" src="');
}
