import { REFERENCE_SLUG } from '../../reference/catalog.ts';
import { referencesFor } from '../reference.ts';
import { site } from '../site.ts';
import { apiOverviewPageKey, eventPageKey, operationPageKey } from '../page-keys.ts';
import { eventPageSlugs } from '../events.ts';

// Static paths of `/{version}/reference/{…}/` and their `.md` (see overview.ts for why a module of
// its own): per API, its overview when it is one of several (a single API's overview is
// `/{version}/reference/` itself) and its operations; schemas are in schemas.ts. Event APIs
// (AsyncAPI) have the same shape: an overview and a page per operation.
export function getStaticPaths() {
  return site.versions.flatMap((index) => {
    const version = index.site.version.id;
    const path = (slug: string) => slug.slice(REFERENCE_SLUG.length + 1);
    return referencesFor(version).flatMap((catalog) => [
      ...(catalog.id === '' ? [] : [{ params: { version, path: path(catalog.base) }, props: { slug: catalog.base }, cacheKey: apiOverviewPageKey(index, catalog) }]),
      ...catalog.operations.map((entry) => ({ params: { version, path: path(entry.slug) }, props: { slug: entry.slug }, cacheKey: operationPageKey(index, entry) })),
    ]).concat(eventPageSlugs(version).map((slug) => ({ params: { version, path: path(slug) }, props: { slug }, cacheKey: eventPageKey(index, slug) })));
  });
}
