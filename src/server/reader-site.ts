import { model } from 'virtual:caravan-docs/model';
import { readerView, rolesKey, type Reader } from '../model/access.ts';
import { indexSite, type SiteIndex } from '../model/site-index.ts';
import type { Page } from '../model/types.ts';
import { pageLookup } from './request-target.ts';

/** Every page of the build, gated ones included: what on-demand routes resolve paths against. */
export const pages = pageLookup(model);

const views = new Map<string, SiteIndex>();

/** The site as a reader sees it (see readerView); readers with the same roles share one index. */
export function readerSite(reader: Reader | undefined, opened?: Page): SiteIndex {
  const key = `${reader ? rolesKey(reader.roles) : '(anonymous)'}|${opened?.file ?? ''}`;
  let view = views.get(key);
  if (!view) {
    view = indexSite(readerView(model, reader, opened));
    views.set(key, view);
  }
  return view;
}

const localeViews = new Map<string, SiteIndex | undefined>();

/** A locale's tree as a reader sees it (its translations gated like their originals); undefined for a locale the site does not have. */
function readerLocaleSite(reader: Reader | undefined, locale: string, opened?: Page): SiteIndex | undefined {
  const key = `${locale}|${reader ? rolesKey(reader.roles) : '(anonymous)'}|${opened?.file ?? ''}`;
  if (!localeViews.has(key)) {
    const tree = readerView(model, reader, opened).locales?.find((candidate) => candidate.locale.id === locale);
    localeViews.set(key, tree ? indexSite({ config: model.config, versions: tree.versions }) : undefined);
  }
  return localeViews.get(key);
}

/** The tree a reader sees under a lookup key's locale (splitVersionKey): the default one, or that locale's. */
export function readerSiteIn(reader: Reader | undefined, locale: string | undefined, opened?: Page): SiteIndex | undefined {
  return locale === undefined ? readerSite(reader, opened) : readerLocaleSite(reader, locale, opened);
}
