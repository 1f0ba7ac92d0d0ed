import { referenceFor } from '../reference.ts';
import { site } from '../site.ts';
import { overviewPageKey } from '../page-keys.ts';

// Static paths of `/{version}/reference/` and `/{version}/reference.md`. The routes re-export this
// module with `export *`: on a login-only site they run on demand, and Astro warns about any route
// whose own code names getStaticPaths without being prerendered.
export function getStaticPaths() {
  return site.versions.filter((index) => referenceFor(index.site.version.id)).map((index) => ({ params: { version: index.site.version.id }, cacheKey: overviewPageKey(index) }));
}
