import { pageHtmlUrl } from '../discovery/site-urls.ts';
import { pageUrl } from '../model/urls.ts';
import { diffDescriptions } from '../reference/api-changes.ts';
import { REFERENCE_SLUG } from '../reference/catalog.ts';
import { changelogMarkdown, changelogSlug, changelogTitle, type Changelog } from '../reference/changelog.ts';
import type { VersionLink } from '../model/site-index.ts';
import { apiFor, changelogBase, referenceFor } from './reference.ts';
import { config, site } from './site.ts';

const changelogs = new Map<string, Changelog | undefined>();

/**
 * A version's "Changes since <previous>" page, from the differences of the two versions'
 * descriptions; undefined when the version has none (see `changelogBase`).
 */
export function changelogFor(versionId: string): Changelog | undefined {
  if (!changelogs.has(versionId)) {
    const previous = changelogBase(versionId);
    const current = site.byId.get(versionId)?.site.version;
    changelogs.set(
      versionId,
      previous && current
        ? {
            slug: changelogSlug(previous.id),
            title: changelogTitle(previous.label),
            previous: { id: previous.id, label: previous.label },
            current: { id: current.id, label: current.label },
            changes: diffDescriptions(apiFor(previous.id, '')!, apiFor(versionId, '')!),
          }
        : undefined,
    );
  }
  return changelogs.get(versionId);
}

/** The changelog at `/{version}/reference/changes/{previous}/`, if that is this version's. */
export function changelogAt(versionId: string, previousId: string | undefined): Changelog | undefined {
  const changelog = changelogFor(versionId);
  return changelog && changelog.previous.id === previousId ? changelog : undefined;
}

/** For HTML: the base-relative URL of an operation's page in a version. */
export function operationPageUrl(versionId: string, operationSlug: string): string {
  return pageUrl(config.base, versionId, `${REFERENCE_SLUG}/${operationSlug}`);
}

/** `/{version}/reference/changes/{previous}.md`. */
export function changelogSource(changelog: Changelog): string {
  return changelogMarkdown(changelog, { operationUrl: (versionId, slug) => pageHtmlUrl(config, versionId, `${REFERENCE_SLUG}/${slug}`) });
}

/** Version switcher for a changelog: each version's own changelog, else its reference overview, else its first page. */
export function changelogVersionLinks(versionId: string): VersionLink[] {
  return site.versions.flatMap((index) => {
    const id = index.site.version.id;
    const own = changelogFor(id);
    const target = own ? own.slug : referenceFor(id) ? REFERENCE_SLUG : index.pages[0]?.slug;
    return target === undefined ? [] : [{ version: index.site.version, slug: target, samePage: own !== undefined, current: id === versionId }];
  });
}
