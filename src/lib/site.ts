import { model } from 'virtual:caravan-docs/model';
import { defaultVersion, indexSite, type SiteIndex, type VersionIndex } from '../model/site-index.ts';

/** The site model with its lookup tables; built once per build (or server start). */
export const site: SiteIndex = indexSite(model);

export const config = model.config;

export function versionIndex(id: string): VersionIndex {
  const index = site.byId.get(id);
  if (!index) throw new Error(`Unknown version "${id}".`);
  return index;
}

/** The version `/` and crawlers point at: the first stable one. */
export const mainVersion = defaultVersion(model);
