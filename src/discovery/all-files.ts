import type { Page, SiteModel } from '../model/types.ts';
import { feedFiles, type FeedInputs } from './feeds.ts';
import { llmsFullTxt, llmsTxt, type LlmsLinkSection } from './llms-txt.ts';
import { markdownOfPage } from './markdown.ts';
import { publicVersions } from './public-pages.ts';
import { robotsTxt } from './robots-txt.ts';
import { sitemapFiles, type LastModified } from './sitemap.ts';
import { llmsLanguagesSection, localesWithTranslations } from './locale-files.ts';

export interface DiscoveryInputs {
  /** The page file's text (front matter included) by its path relative to the docs root. */
  readSource: (file: string) => string;
  lastModified?: LastModified;
  /** Sections a version's llms.txt adds after its pages (the API reference). */
  llmsSections?: (versionId: string) => LlmsLinkSection[];
  /** What the Atom feeds are made from (the API changelogs, file dates); without it, no feed. */
  feeds?: Omit<FeedInputs, 'readSource'>;
}

/**
 * Every discovery file of a site by its path relative to the base: robots.txt, the sitemap(s),
 * the Atom feeds, the llms.txt files (when enabled) and the Markdown source of every public
 * page. The routes serve exactly these (src/lib/discovery.ts), and tests and the benchmark read
 * the same map.
 */
export function discoveryFiles(model: SiteModel, { readSource, lastModified, llmsSections, feeds: feedInputs }: DiscoveryInputs): Map<string, string> {
  const markdown = pageMarkdownFiles(model, readSource);
  const files = new Map(markdown);
  const markdownOf = (versionId: string, page: Page) => {
    const key = `${versionId}/${page.slug}.md`;
    let text = markdown.get(key);
    if (text === undefined) {
      text = markdownOfPage(model.config, versionId, page, readSource(page.file));
      markdown.set(key, text);
    }
    return text;
  };
  files.set('robots.txt', robotsTxt(model));
  for (const file of sitemapFiles(model, lastModified)) files.set(file.path, file.body);
  const feeds = feedInputs ? feedFiles(model, { ...feedInputs, readSource }) : [];
  for (const feed of feeds) files.set(feed.path, feed.body);
  if (model.config.ai.llmsTxt.enabled) {
    files.set('llms.txt', llmsTxt(model, undefined, llmsSections, feeds) + llmsLanguagesSection(model));
    files.set('llms-full.txt', llmsFullTxt(model, undefined, markdownOf));
    for (const { version } of model.versions) {
      files.set(`${version.id}/llms.txt`, llmsTxt(model, version.id, llmsSections, feeds));
      files.set(`${version.id}/llms-full.txt`, llmsFullTxt(model, version.id, markdownOf));
    }
    // Each locale's indexes of its translations: /{locale}/llms.txt and /{locale}/{version}/llms.txt (and their full texts).
    for (const { locale, model: localeModel } of localesWithTranslations(model)) {
      const id = locale.locale.id;
      const localeMarkdownOf = (versionId: string, page: Page) => markdown.get(`${id}/${versionId}/${page.slug}.md`) ?? markdownOfPage(localeModel.config, versionId, page, readSource(page.file));
      files.set(`${id}/llms.txt`, llmsTxt(localeModel));
      files.set(`${id}/llms-full.txt`, llmsFullTxt(localeModel, undefined, localeMarkdownOf));
      for (const { version } of localeModel.versions) {
        files.set(`${id}/${version.id}/llms.txt`, llmsTxt(localeModel, version.id));
        files.set(`${id}/${version.id}/llms-full.txt`, llmsFullTxt(localeModel, version.id, localeMarkdownOf));
      }
    }
  }
  return files;
}

/**
 * The Markdown source of every public page, `{version}/{slug}.md` (part of `discoveryFiles`). A
 * build writes these itself (src/integration/page-markdown-files.ts); `astro dev` serves them from a route.
 */
export function pageMarkdownFiles(model: SiteModel, readSource: DiscoveryInputs['readSource']): Map<string, string> {
  const files = new Map<string, string>();
  for (const version of publicVersions(model)) {
    const versionId = version.site.version.id;
    for (const page of version.pages) files.set(`${versionId}/${page.slug}.md`, markdownOfPage(model.config, versionId, page, readSource(page.file)));
  }
  // Translations: `{locale}/{version}/{slug}.md`, their links made absolute under the locale.
  for (const { locale, model: localeModel } of localesWithTranslations(model)) {
    for (const version of publicVersions(localeModel)) {
      const versionId = version.site.version.id;
      for (const page of version.pages) files.set(`${locale.locale.id}/${versionId}/${page.slug}.md`, markdownOfPage(localeModel.config, versionId, page, readSource(page.file)));
    }
  }
  return files;
}
