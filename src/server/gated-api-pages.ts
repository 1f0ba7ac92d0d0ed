import { model } from 'virtual:caravan-docs/model';
import { changelogFor } from '../lib/changelog.ts';
import { eventCatalogSlugs, gatedEventCatalogsOf } from '../lib/events.ts';
import { allApisOf, referenceFor, referenceSchemaPages } from '../lib/reference.ts';
import { config } from '../lib/site.ts';
import { gatedApiLookup, type GatedApiPage } from './gated-api.ts';
import type { PageLookup } from './request-target.ts';

let lookup: PageLookup<GatedApiPage> | undefined;

/**
 * The pages of every API gated by roles in this build, made on the first request that asks: an
 * OpenAPI API's overview, changelog, operations and schemas; an event API's overview, "Changes
 * since" page and operations.
 */
export function gatedApiPages(): PageLookup<GatedApiPage> {
  lookup ??= gatedApiLookup(
    model.versions.map((site) => site.version.id),
    model.versions.flatMap((site) => {
      const versionId = site.version.id;
      return allApisOf(versionId)
        .filter((api) => api.roles.length > 0)
        .map((api) => {
          const catalog = referenceFor(versionId, api.id)!;
          const changelog = changelogFor(versionId, api.id);
          const slugs = [catalog.base, ...(changelog ? [changelog.slug] : []), ...catalog.operations.map((entry) => entry.slug), ...referenceSchemaPages(versionId, api.id).map((page) => page.slug)];
          return { versionId, apiId: api.id, roles: api.roles, slugs };
        })
        .concat(gatedEventCatalogsOf(versionId).map(({ catalog, roles }) => ({ versionId, apiId: catalog.id, roles, slugs: eventCatalogSlugs(catalog) })));
    }),
    config.auth,
  );
  return lookup;
}
