import type { SiteConfig } from '../config/schemas/site.ts';

/** Config fields every absolute URL is built from: `url` is an origin, `base` ends with "/". */
export type UrlConfig = Pick<SiteConfig, 'url' | 'base'>;

/** Absolute URL of a path inside the site (`path` has no leading "/"). */
export function absoluteUrl(config: UrlConfig, path = ''): string {
  return `${config.url}${config.base}${path}`;
}

/** The HTML page: `{url}{base}{version}/{slug}/`. */
export function pageHtmlUrl(config: UrlConfig, versionId: string, slug: string): string {
  return absoluteUrl(config, `${versionId}/${slug}/`);
}

/** The page's Markdown source: `{url}{base}{version}/{slug}.md`. */
export function pageMarkdownUrl(config: UrlConfig, versionId: string, slug: string): string {
  return absoluteUrl(config, `${versionId}/${slug}.md`);
}

/** `/llms.txt`, or `/{version}/llms.txt` when a version is given. */
export function llmsTxtUrl(config: UrlConfig, versionId?: string): string {
  return absoluteUrl(config, versionId === undefined ? 'llms.txt' : `${versionId}/llms.txt`);
}

/** `/llms-full.txt`, or `/{version}/llms-full.txt`. */
export function llmsFullTxtUrl(config: UrlConfig, versionId?: string): string {
  return absoluteUrl(config, versionId === undefined ? 'llms-full.txt' : `${versionId}/llms-full.txt`);
}

export function sitemapUrl(config: UrlConfig, file = 'sitemap.xml'): string {
  return absoluteUrl(config, file);
}

/** The Model Context Protocol endpoint of a site with sign-in: `{url}{base}mcp`. */
export function mcpUrl(config: UrlConfig): string {
  return absoluteUrl(config, 'mcp');
}
