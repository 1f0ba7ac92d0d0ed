import type { SiteModel } from '../model/types.ts';
import { crawledVersions, INTENTIONALLY_PUBLIC_ROUTES } from './public-pages.ts';
import { filterNav, flattenPages } from '../model/tree.ts';
import { absoluteUrl, pageHtmlUrl } from './site-urls.ts';
import { localeAlternates } from '../model/locale-urls.ts';

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
/** The sitemaps.org limit of URLs per file; past it, /sitemap.xml becomes a sitemap index. */
const SITEMAP_MAX_URLS = 50_000;

/** Last change of a page file (relative to the docs root) from git history, as ISO 8601. */
export type LastModified = ReadonlyMap<string, string>;

interface SitemapEntry {
  loc: string;
  lastmod?: string;
  /** The page in every language it is translated into, itself included (`xhtml:link`); only pages with translations. */
  alternates?: Array<{ hreflang: string; href: string }>;
}

/** One file to serve: `path` is relative to the base, like `sitemap.xml` or `sitemap-1.xml`. */
export interface SitemapFile {
  path: string;
  body: string;
}

/**
 * The sitemap's URLs, sorted: the intentionally public routes (`/`, `/home`) and every public
 * page of the crawled versions (stable, or all with `includeVersions: all`). Nav pages only, so
 * never OpenAPI reference pages (spec rule 2) and never gated pages (spec rule 1); on a
 * login-only site no page is public, so only the landing routes remain (spec rule 3).
 * `lastmod` comes from git history and is left out when a file has none; never the build time.
 */
function sitemapEntries(model: SiteModel, lastModified: LastModified = new Map()): SitemapEntry[] {
  const { config } = model;
  const entries: SitemapEntry[] = INTENTIONALLY_PUBLIC_ROUTES.map((route) => ({ loc: absoluteUrl(config, route) }));
  const alternatesOf = (versionId: string, slug: string) => localeAlternates(model, versionId, slug).map((alternate) => ({ hreflang: alternate.hreflang, href: absoluteUrl(config, alternate.path) }));
  for (const site of crawledVersions(model)) {
    for (const page of flattenPages(filterNav(site.nav, (p) => p.public))) {
      const lastmod = lastModified.get(page.file);
      const alternates = alternatesOf(site.version.id, page.slug);
      entries.push({ loc: pageHtmlUrl(config, site.version.id, page.slug), ...(lastmod ? { lastmod } : {}), ...(alternates.length > 0 ? { alternates } : {}) });
    }
  }
  // Translated pages of the crawled versions (untranslated ones name their original as canonical, so are left out).
  const crawled = new Set(crawledVersions(model).map((site) => site.version.id));
  for (const locale of model.locales ?? []) {
    for (const site of locale.versions.filter((candidate) => crawled.has(candidate.version.id))) {
      for (const page of flattenPages(filterNav(site.nav, (p) => p.public && !p.untranslated))) {
        const lastmod = lastModified.get(page.file);
        entries.push({ loc: absoluteUrl(config, `${locale.locale.id}/${site.version.id}/${page.slug}/`), ...(lastmod ? { lastmod } : {}), alternates: alternatesOf(site.version.id, page.slug) });
      }
    }
  }
  // Sorted by code point, not locale, so the file is the same on every machine.
  return entries.sort((a, b) => (a.loc < b.loc ? -1 : a.loc > b.loc ? 1 : 0));
}

/**
 * `/sitemap.xml` (sitemaps.org 0.9), plus `sitemap-1.xml`… with `/sitemap.xml` as their index
 * when there are more than 50,000 URLs. With `sitemap.enabled: false`, one empty urlset.
 */
export function sitemapFiles(model: SiteModel, lastModified: LastModified = new Map(), maxUrls = SITEMAP_MAX_URLS): SitemapFile[] {
  if (!model.config.ai.sitemap.enabled) return [{ path: 'sitemap.xml', body: urlset([]) }];
  const entries = sitemapEntries(model, lastModified);
  if (entries.length <= maxUrls) return [{ path: 'sitemap.xml', body: urlset(entries) }];
  const parts: SitemapFile[] = [];
  for (let start = 0; start < entries.length; start += maxUrls) {
    const chunk = entries.slice(start, start + maxUrls);
    parts.push({ path: `sitemap-${parts.length + 1}.xml`, body: urlset(chunk) });
  }
  const index = parts.map((part, i) => {
    const chunk = entries.slice(i * maxUrls, (i + 1) * maxUrls);
    const latest = chunk.reduce<string | undefined>((max, entry) => (entry.lastmod && (!max || entry.lastmod > max) ? entry.lastmod : max), undefined);
    return `  <sitemap>\n    <loc>${escapeXml(absoluteUrl(model.config, part.path))}</loc>\n${latest ? `    <lastmod>${latest}</lastmod>\n` : ''}  </sitemap>\n`;
  });
  return [{ path: 'sitemap.xml', body: `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NS}">\n${index.join('')}</sitemapindex>\n` }, ...parts];
}

function urlset(entries: readonly SitemapEntry[]): string {
  const links = (entry: SitemapEntry) => (entry.alternates ?? []).map((alternate) => `    <xhtml:link rel="alternate" hreflang="${escapeXml(alternate.hreflang)}" href="${escapeXml(alternate.href)}"/>\n`).join('');
  const urls = entries.map((entry) => `  <url>\n    <loc>${escapeXml(entry.loc)}</loc>\n${entry.lastmod ? `    <lastmod>${escapeXml(entry.lastmod)}</lastmod>\n` : ''}${links(entry)}  </url>\n`);
  // The xhtml namespace only when a page has translations: one-locale sites' sitemaps are unchanged.
  const xhtml = entries.some((entry) => entry.alternates) ? ` xmlns:xhtml="${XHTML_NS}"` : '';
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NS}"${xhtml}>\n${urls.join('')}</urlset>\n`;
}

/** Escapes the five XML special characters (sitemaps.org requires entity-escaped URLs). */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[char]!);
}
