import { pageHtmlUrl } from '../discovery/site-urls.ts';
import { pageUrl } from '../model/urls.ts';
import { diffDescriptions } from '../reference/api-changes.ts';
import { REFERENCE_SLUG, referenceBase } from '../reference/catalog.ts';
import { changelogMarkdown, changelogSlug, changelogTitle, type Changelog } from '../reference/changelog.ts';
import type { VersionLink } from '../model/site-index.ts';
import { anyApiFor, apisOf, changelogBase, referenceFor } from './reference.ts';
import { config, site } from './site.ts';

const changelogs = new Map<string, Changelog | undefined>();

/**
 * The "Changes since <previous>" page of one API of a version (`''`: its single description), from
 * the differences of the two versions' descriptions of it; undefined when it has none (see `changelogBase`).
 */
export function changelogFor(versionId: string, apiId = ''): Changelog | undefined {
  const key = `${versionId}\n${apiId}`;
  if (!changelogs.has(key)) {
    const previous = changelogBase(versionId, apiId);
    const current = site.byId.get(versionId)?.site.version;
    changelogs.set(
      key,
      previous && current
        ? {
            api: apiId,
            slug: changelogSlug(previous.id, apiId),
            title: changelogTitle(previous.label),
            previous: { id: previous.id, label: previous.label },
            current: { id: current.id, label: current.label },
            changes: diffDescriptions(anyApiFor(previous.id, apiId)!, anyApiFor(versionId, apiId)!),
          }
        : undefined,
    );
  }
  return changelogs.get(key);
}

/** Every changelog of a version, one per API that has one, in the site's order of APIs. */
export function changelogsOf(versionId: string): Changelog[] {
  return apisOf(versionId).flatMap((source) => changelogFor(versionId, source.id) ?? []);
}

/**
 * The changelog at `/{version}/reference/changes/{previous}/` (`api` undefined) or
 * `/{version}/reference/{api}/changes/{previous}/`, if that is one of this version's.
 */
export function changelogAt(versionId: string, apiId: string | undefined, previousId: string | undefined): Changelog | undefined {
  const changelog = changelogFor(versionId, apiId ?? '');
  return changelog && changelog.previous.id === previousId ? changelog : undefined;
}

/** For HTML: the base-relative URL of an operation's page of the changelog's API in a version. */
export function operationPageUrl(changelog: Changelog, versionId: string, operationSlug: string): string {
  return pageUrl(config.base, versionId, `${referenceBase(changelog.api)}/${operationSlug}`);
}

/** `/{version}/reference/changes/{previous}.md` (`/{version}/reference/{api}/changes/{previous}.md`). */
export function changelogSource(changelog: Changelog): string {
  return changelogMarkdown(changelog, { operationUrl: (versionId, slug) => pageHtmlUrl(config, versionId, `${referenceBase(changelog.api)}/${slug}`) });
}

/**
 * Version switcher for a changelog: each version's own changelog of the same API, else that API's
 * overview, else the version's reference, else its first page.
 */
export function changelogVersionLinks(versionId: string, apiId = ''): VersionLink[] {
  return site.versions.flatMap((index) => {
    const id = index.site.version.id;
    const own = changelogFor(id, apiId);
    const target = own ? own.slug : (referenceFor(id, apiId)?.base ?? (apisOf(id).length > 0 ? REFERENCE_SLUG : index.pages[0]?.slug));
    return target === undefined ? [] : [{ version: index.site.version, slug: target, samePage: own !== undefined, current: id === versionId }];
  });
}
