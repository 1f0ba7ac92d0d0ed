import { CHANGES_SLUG } from '../../reference/changelog.ts';
import { changelogFor } from '../changelog.ts';
import { site } from '../site.ts';
import { changelogPageKey } from '../page-keys.ts';

// Static paths of `/{version}/reference/changes/{previous}/` and its `.md` (see overview.ts for why a module of its own).
export function getStaticPaths() {
  return site.versions.flatMap((index) => {
    const changelog = changelogFor(index.site.version.id);
    return changelog ? [{ params: { version: index.site.version.id, previous: changelog.slug.slice(CHANGES_SLUG.length + 1) }, cacheKey: changelogPageKey(index) }] : [];
  });
}
