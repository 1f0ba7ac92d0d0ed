import { SCHEMAS_SLUG } from '../../reference/schema-pages.ts';
import { referenceSchemaPages } from '../reference.ts';
import { site } from '../site.ts';
import { schemaPageKey } from '../page-keys.ts';

// Static paths of `/{version}/reference/schemas/{schema}/` and its `.md` (see overview.ts for why a module of its own).
export function getStaticPaths() {
  return site.versions.flatMap((index) =>
    referenceSchemaPages(index.site.version.id).map((page) => ({
      params: { version: index.site.version.id, schema: page.slug.slice(SCHEMAS_SLUG.length + 1) },
      props: { slug: page.slug },
      cacheKey: schemaPageKey(index, page.slug),
    })),
  );
}
