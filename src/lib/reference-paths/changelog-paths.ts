import { changelogsOf } from '../changelog.ts';
import { site } from '../site.ts';
import { changelogPageKey } from '../page-keys.ts';

/** The changelogs of every version: of single descriptions (`several` false) or of APIs among several. */
export function changelogPaths(several: boolean) {
  return site.versions.flatMap((index) => {
    const version = index.site.version.id;
    return changelogsOf(version)
      .filter((changelog) => (changelog.api !== '') === several)
      .map((changelog) => ({ params: several ? { version, api: changelog.api, previous: changelog.previous.id } : { version, previous: changelog.previous.id }, cacheKey: changelogPageKey(index, changelog.api) }));
  });
}
