import { referencesFor, referenceSchemaPages } from '../reference.ts';
import { site } from '../site.ts';
import { schemaPageKey } from '../page-keys.ts';

// Static paths of `/{version}/reference/schemas/{schema}/` (one of several APIs:
// `/{version}/reference/{api}/schemas/{schema}/`) and their `.md` (see overview.ts for why a module of its own).
export function getStaticPaths() {
  return site.versions.flatMap((index) => {
    const version = index.site.version.id;
    return referencesFor(version).flatMap((catalog) =>
      referenceSchemaPages(version, catalog.id).map((page) => ({
        // The rest parameter is undefined for a version's single API: no segment at all.
        params: { version, api: catalog.id === '' ? undefined : catalog.id, schema: page.slug.slice(catalog.base.length + '/schemas/'.length) },
        props: { slug: page.slug },
        cacheKey: schemaPageKey(index, page.slug),
      })),
    );
  });
}
