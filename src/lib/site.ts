import { model } from 'virtual:caravan-docs/model';
import { anonymousView } from '../integration/build-model.ts';
import { defaultVersion, indexSite, type SiteIndex, type VersionIndex } from '../model/site-index.ts';

/**
 * The site model with its lookup tables, as an anonymous reader sees it (public pages only);
 * built once per build (or server start).
 */
export const site: SiteIndex = indexSite(anonymousView(model));

export const config = model.config;

export function versionIndex(id: string): VersionIndex {
  const index = site.byId.get(id);
  if (!index) throw new Error(`Unknown version "${id}".`);
  return index;
}

/** The version `/` and crawlers point at: the first stable one. */
export const mainVersion = defaultVersion(model);
