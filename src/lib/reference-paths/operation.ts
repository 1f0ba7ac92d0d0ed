import { REFERENCE_SLUG } from '../../reference/catalog.ts';
import { referenceFor } from '../reference.ts';
import { site } from '../site.ts';
import { operationPageKey } from '../page-keys.ts';

// Static paths of `/{version}/reference/{operation}/` and its `.md` (see overview.ts for why a module of its own).
export function getStaticPaths() {
  return site.versions.flatMap((index) =>
    (referenceFor(index.site.version.id)?.operations ?? []).map((entry) => ({
      params: { version: index.site.version.id, operation: entry.slug.slice(REFERENCE_SLUG.length + 1) },
      props: { slug: entry.slug },
      cacheKey: operationPageKey(index, entry),
    })),
  );
}
