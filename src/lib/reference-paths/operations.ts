import { REFERENCE_SLUG } from '../../reference/catalog.ts';
import { referencesFor } from '../reference.ts';
import { site } from '../site.ts';
import { apiOverviewPageKey, operationPageKey } from '../page-keys.ts';

// Static paths of `/{version}/reference/{…}/` and their `.md` (see overview.ts for why a module of
// its own): per API, its overview when it is one of several (a single API's overview is
// `/{version}/reference/` itself) and its operations; schemas are in schemas.ts.
export function getStaticPaths() {
  return site.versions.flatMap((index) => {
    const version = index.site.version.id;
    const path = (slug: string) => slug.slice(REFERENCE_SLUG.length + 1);
    return referencesFor(version).flatMap((catalog) => [
      ...(catalog.id === '' ? [] : [{ params: { version, path: path(catalog.base) }, props: { slug: catalog.base }, cacheKey: apiOverviewPageKey(index, catalog) }]),
      ...catalog.operations.map((entry) => ({ params: { version, path: path(entry.slug) }, props: { slug: entry.slug }, cacheKey: operationPageKey(index, entry) })),
    ]);
  });
}
