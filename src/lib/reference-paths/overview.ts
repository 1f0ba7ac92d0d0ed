import { apisOf } from '../reference.ts';
import { eventCatalogsOf } from '../events.ts';
import { site } from '../site.ts';
import { overviewPageKey } from '../page-keys.ts';

// Static paths of `/{version}/reference/` and `/{version}/reference.md`: the overview of a version's
// single API, or the list of its APIs (several, or event APIs alone). The routes re-export this module with `export *`: on a
// login-only site they run on demand, and Astro warns about any route whose own code names
// getStaticPaths without being prerendered.
export function getStaticPaths() {
  return site.versions.filter((index) => apisOf(index.site.version.id).length > 0 || eventCatalogsOf(index.site.version.id).length > 0).map((index) => ({ params: { version: index.site.version.id }, cacheKey: overviewPageKey(index) }));
}
