import { filterNav, flattenPages } from '../model/tree.ts';
import type { LocaleSite, SiteModel } from '../model/types.ts';
import { absoluteUrl } from './site-urls.ts';

/**
 * A locale's translated pages as a site of their own under `{base}{locale}/`, so the discovery
 * generators (Markdown sources, llms.txt) write its files and URLs unchanged. Pages shown
 * untranslated are left out: agents read them at their original URL. Versions without a
 * translated page are left out too, so no index links an empty one.
 */
export function localeDiscoveryModel(model: SiteModel, locale: LocaleSite): SiteModel {
  const versions = locale.versions.map((site) => ({ ...site, nav: filterNav(site.nav, (page) => !page.untranslated) })).filter((site) => flattenPages(site.nav).length > 0);
  return { config: { ...model.config, base: `${model.config.base}${locale.locale.id}/` }, versions };
}

/** Each non-default locale with public translations, with its discovery model. */
export function localesWithTranslations(model: SiteModel): Array<{ locale: LocaleSite; model: SiteModel }> {
  return (model.locales ?? [])
    .map((locale) => ({ locale, model: localeDiscoveryModel(model, locale) }))
    .filter(({ model: localeModel }) => localeModel.versions.some((site) => flattenPages(site.nav).some((page) => page.public)));
}

/** The root llms.txt's last section: each locale's own index (`/{locale}/llms.txt`). */
export function llmsLanguagesSection(model: SiteModel): string {
  const locales = localesWithTranslations(model);
  if (locales.length === 0) return '';
  const lines = locales.map(({ locale }) => `- [${locale.locale.label}](${absoluteUrl(model.config, `${locale.locale.id}/llms.txt`)}): the pages translated into ${locale.locale.id}; each version's at /${locale.locale.id}/{version}/llms.txt`);
  return `\n## Languages\n\n${lines.join('\n')}\n`;
}
