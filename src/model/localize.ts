import { DocsInputError, type DocsWarning } from '../config/errors.ts';
import { withSuggestion, type Source } from '../config/friendly-errors.ts';
import { readFrontmatter } from '../config/page-file.ts';
import { closest } from '../config/suggest.ts';
import type { PageSource } from './resolve.ts';
import { pageMeta } from './page-meta.ts';
import { filterNav } from './tree.ts';
import type { LocaleSite, NavNode, Page, SiteModel, VersionSite } from './types.ts';

/** One locale's files for one version: content/<locale>/<version>/. */
export interface TranslationInput {
  /** Translated page files by slug (the original's slug). */
  pageFiles: ReadonlyMap<string, PageSource>;
  /** The optional content/<locale>/<version>/nav.yml: section title as written in the version's nav.yml → its translation. */
  sectionTitles?: { titles: Readonly<Record<string, unknown>>; source: Source } | undefined;
}

interface LocalizedVersion {
  site: VersionSite;
  warnings: DocsWarning[];
  /** Translation files no nav entry names: not built. */
  orphans: string[];
}

/**
 * A version's tree in another locale. The tree, the slugs and the roles are the version's own
 * (nav.yml is shared, so a translation is gated exactly like its original); titles come from the
 * translations' front matter and the locale's section titles. Pure.
 */
function localizeVersion(original: VersionSite, navFile: string, input: TranslationInput, untranslated: 'fallback' | 'omit', editLink: SiteModel['config']['editLink']): LocalizedVersion {
  const titles = sectionTitles(original.nav, navFile, input.sectionTitles, original.referenceTopic?.title);
  const translate = (page: Page): Page => {
    const translation = input.pageFiles.get(page.slug);
    if (!translation) return { ...page, untranslated: true };
    const frontmatter = readFrontmatter(translation.file, translation.text);
    // The translation's own file: its date and edit link, not the original's.
    const { lastUpdated: _date, editUrl: _edit, ...shared } = page;
    return { ...shared, title: frontmatter.title, description: frontmatter.description ?? page.description, file: translation.file, ...pageMeta(frontmatter, translation.file, editLink) };
  };
  const visit = (nodes: readonly NavNode[]): NavNode[] =>
    nodes.map((node) => (node.kind === 'page' ? translate(node) : { ...node, title: titles.get(node.title) ?? node.title, ...(node.page ? { page: translate(node.page) } : {}), children: visit(node.children) }));
  const translated = visit(original.nav);
  const nav = untranslated === 'omit' ? filterNav(translated, (page) => !page.untranslated) : translated;

  const slugs = new Set(flattenSlugs(original.nav));
  const orphans = [...input.pageFiles].filter(([slug]) => !slugs.has(slug)).map(([, page]) => page.file).sort();
  const warnings = orphans.map((file) => ({ file, message: `translates no page of ${navFile}, so it is not built. Name it like the page it translates (content/${original.version.id}/<slug>.md).` }));
  // The reference's tab keeps its place; its label is translated like a section's title.
  const referenceTopic = original.referenceTopic && { ...original.referenceTopic, title: titles.get(original.referenceTopic.title) ?? original.referenceTopic.title };
  return { site: { version: original.version, nav, ...(referenceTopic ? { referenceTopic } : {}) }, warnings, orphans };
}

/** Section titles of the locale's nav.yml, each checked against the version's sections. */
function sectionTitles(nav: readonly NavNode[], navFile: string, input: TranslationInput['sectionTitles'], referenceTopic: string | undefined): Map<string, string> {
  const result = new Map<string, string>();
  if (!input) return result;
  const known = [...sectionTitlesOf(nav), ...(referenceTopic === undefined ? [] : [referenceTopic])];
  for (const [title, translation] of Object.entries(input.titles)) {
    if (!known.includes(title)) {
      throw new DocsInputError({
        file: input.source.file,
        line: input.source.lineOf([title]),
        field: title,
        problem: `is not a section title of ${navFile}.`,
        hint: withSuggestion(closest(title, known), `map section titles of ${navFile} to their translation, like \`${known[0] ?? 'Guides'}: …\`.`),
      });
    }
    if (typeof translation !== 'string' || translation.trim() === '') {
      throw new DocsInputError({ file: input.source.file, line: input.source.lineOf([title]), field: title, problem: 'has no translated title.', hint: `write the title in the locale's language after the colon: \`${title}: …\`.` });
    }
    result.set(title, translation.trim());
  }
  return result;
}

function sectionTitlesOf(nodes: readonly NavNode[]): string[] {
  return nodes.flatMap((node) => (node.kind === 'section' ? [node.title, ...sectionTitlesOf(node.children)] : []));
}

function flattenSlugs(nodes: readonly NavNode[]): string[] {
  return nodes.flatMap((node) => (node.kind === 'page' ? [node.slug] : [...(node.page ? [node.page.slug] : []), ...flattenSlugs(node.children)]));
}

/** Every non-default locale of the site with its copy of each version; undefined on a one-locale site. */
export function localizeSite(
  model: SiteModel,
  navFiles: ReadonlyMap<string, string>,
  translationsOf: (localeId: string, versionId: string) => TranslationInput,
): { locales: LocaleSite[] | undefined; warnings: DocsWarning[]; orphans: string[] } {
  const { i18n } = model.config;
  const others = i18n.locales.filter((locale) => locale.id !== i18n.defaultLocale);
  if (others.length === 0) return { locales: undefined, warnings: [], orphans: [] };
  const warnings: DocsWarning[] = [];
  const orphans: string[] = [];
  const locales = others.map((locale): LocaleSite => ({
    locale: { id: locale.id, label: locale.label, dir: locale.dir },
    versions: model.versions.map((site) => {
      const localized = localizeVersion(site, navFiles.get(site.version.id)!, translationsOf(locale.id, site.version.id), i18n.untranslated, model.config.editLink);
      warnings.push(...localized.warnings);
      orphans.push(...localized.orphans);
      return localized.site;
    }),
  }));
  return { locales, warnings, orphans };
}
