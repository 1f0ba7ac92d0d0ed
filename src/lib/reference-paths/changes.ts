import { changelogsOf } from '../changelog.ts';
import { site } from '../site.ts';
import { changelogPageKey } from '../page-keys.ts';

// Static paths of `/{version}/reference/changes/{previous}/` (one of several APIs:
// `/{version}/reference/{api}/changes/{previous}/`) and their `.md` (see overview.ts for why a module of its own).
export function getStaticPaths() {
  return site.versions.flatMap((index) => {
    const version = index.site.version.id;
    return changelogsOf(version).map((changelog) => ({
      // The rest parameter is undefined for a version's single API: no segment at all.
      params: { version, api: changelog.api === '' ? undefined : changelog.api, previous: changelog.previous.id },
      cacheKey: changelogPageKey(index, changelog.api),
    }));
  });
}
