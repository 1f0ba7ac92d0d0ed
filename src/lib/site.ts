import { model } from 'virtual:caravan-docs/model';
import { anonymousView } from '../integration/build-model.ts';
import { defaultVersion, indexSite, type SiteIndex } from '../model/site-index.ts';

/**
 * The site model with its lookup tables, as an anonymous reader sees it (public pages only);
 * built once per build (or server start).
 */
export const site: SiteIndex = indexSite(anonymousView(model));

/** Each non-default locale's public pages with their lookup tables, by locale id (none on a one-locale site). */
export const localeSites: ReadonlyMap<string, SiteIndex> = new Map(
  (anonymousView(model).locales ?? []).map((locale) => [locale.locale.id, indexSite({ config: model.config, versions: locale.versions })]),
);

export const config = model.config;


/** The version `/` and crawlers point at: the first stable one. */
export const mainVersion = defaultVersion(model);
