import type { Hosting } from '../config/schemas/hosting.ts';
import type { SiteConfig } from '../config/schemas/site.ts';
import { llmsLinkHeader, pageLinkHeader, sourceLinkHeader } from './link-headers.ts';

/**
 * Rules files for static hosts, written next to the built pages: Link headers from each page
 * to its Markdown source and to llms.txt (`_headers`, read by Netlify and Cloudflare Pages),
 * and on Vercel also a rewrite answering `Accept: text/markdown` with the page's `.md`
 * (`vercel.json`). Static builds only: such a build holds public pages alone, and only pages
 * that have a built `.md` source get a rule. Paths are root-relative (with the base), so the
 * rules also work on a host's preview addresses. Pure and deterministic: sorted input, no dates.
 */

export type HostTarget = 'netlify' | 'cloudflare' | 'vercel';

/** The host to write rules for: the configured one, or for `auto` the host the build runs on (its own environment variables). */
export function hostTarget(hosting: Hosting, env: Readonly<Record<string, string | undefined>>): HostTarget | undefined {
  if (hosting === 'none') return undefined;
  if (hosting !== 'auto') return hosting;
  if (env.NETLIFY === 'true') return 'netlify';
  if (env.CF_PAGES === '1') return 'cloudflare';
  return undefined;
}

/** A built page with a Markdown source; both paths relative to the base (`1.2/guides/x/`, `1.2/guides/x.md`). */
export interface MarkdownPage {
  html: string;
  markdown: string;
}

/** Pages among the output files that have a Markdown source: `x.md` beside `x/index.html`. */
export function markdownPages(outputPaths: readonly string[]): MarkdownPage[] {
  const existing = new Set(outputPaths);
  return outputPaths
    .filter((path) => path.endsWith('.md') && existing.has(`${path.slice(0, -3)}/index.html`))
    .sort()
    .map((markdown) => ({ html: `${markdown.slice(0, -3)}/`, markdown }));
}

/** Cloudflare Pages reads at most 100 rules from `_headers`. */
export const CLOUDFLARE_MAX_RULES = 100;
/** Vercel refuses a deployment whose rewrites, redirects and headers pass 1,024 routes. */
export const VERCEL_MAX_ROUTES = 1024;
/** What Vercel's `has` condition matches in the Accept header: a regular expression, so no q-values. */
export const MARKDOWN_ACCEPT = '(.*)text/markdown(.*)';

export interface HostRules {
  /** File path relative to the output folder -> text. */
  files: Map<string, string>;
  warnings: string[];
}

type RulesConfig = Pick<SiteConfig, 'base'> & { ai: { llmsTxt: { enabled: boolean } } };

/** The rules file(s) for one host. */
export function hostRules(config: RulesConfig, target: HostTarget, pages: readonly MarkdownPage[]): HostRules {
  return target === 'vercel' ? vercelRules(config, pages) : headersRules(config, target, pages);
}

/** `Link` header of an HTML page: its Markdown source, and llms.txt when it is built. */
function pageLink(config: RulesConfig, page: MarkdownPage): string {
  return pageLinkHeader(`${config.base}${page.markdown}`, config.base, config.ai.llmsTxt.enabled);
}

function headersRules(config: RulesConfig, target: 'netlify' | 'cloudflare', pages: readonly MarkdownPage[]): HostRules {
  const host = target === 'netlify' ? 'Netlify' : 'Cloudflare Pages';
  const lines = [
    `# Written by caravan-docs for ${host} (hosting in config/site.yml). Do not edit: rebuild instead.`,
    '# Link headers lead agents from each page to its Markdown source and to llms.txt.',
    '# A static host cannot pick Markdown by the Accept header; the .md URLs serve it.',
    '',
  ];
  const warnings: string[] = [];
  if (target === 'cloudflare' && pages.length * 2 > CLOUDFLARE_MAX_RULES) {
    warnings.push(
      `hosting: cloudflare: ${pages.length} pages need ${pages.length * 2} header rules, past Cloudflare Pages' limit of ${CLOUDFLARE_MAX_RULES}; _headers carries only the llms.txt link for every path. Pages still name their Markdown source in <link rel="alternate">.`,
    );
    if (!config.ai.llmsTxt.enabled) return { files: new Map(), warnings };
    lines.push(`${config.base}*`, `  Link: ${llmsLinkHeader(config.base)}`);
    return { files: new Map([['_headers', `${lines.join('\n')}\n`]]), warnings };
  }
  for (const page of pages) {
    lines.push(`${config.base}${page.html}`, `  Link: ${pageLink(config, page)}`);
    lines.push(`${config.base}${page.markdown}`, `  Link: ${sourceLinkHeader(`${config.base}${page.html}`, config.base, config.ai.llmsTxt.enabled)}`, '  Content-Type: text/markdown; charset=utf-8');
  }
  return { files: new Map([['_headers', `${lines.join('\n')}\n`]]), warnings };
}

function vercelRules(config: RulesConfig, pages: readonly MarkdownPage[]): HostRules {
  if (pages.length * 2 > VERCEL_MAX_ROUTES) {
    return {
      files: new Map(),
      warnings: [`hosting: vercel: ${pages.length} pages need ${pages.length * 2} routes, past Vercel's limit of ${VERCEL_MAX_ROUTES}; no vercel.json was written. Pages still name their Markdown source in <link rel="alternate">.`],
    };
  }
  const accept = [{ type: 'header', key: 'accept', value: MARKDOWN_ACCEPT }];
  const rules = {
    rewrites: pages.map((page) => ({ source: routeSource(`${config.base}${page.html}`), has: accept, destination: `${config.base}${page.markdown}` })),
    headers: pages.map((page) => ({
      source: routeSource(`${config.base}${page.html}`),
      headers: [
        { key: 'Link', value: pageLink(config, page) },
        { key: 'Vary', value: 'Accept' },
      ],
    })),
  };
  return { files: new Map([['vercel.json', `${JSON.stringify(rules, null, 2)}\n`]]), warnings: [] };
}

/** A literal path as a Vercel route source (path-to-regexp): its special characters escaped. */
function routeSource(path: string): string {
  return path.replace(/[:()*+?{}\\]/g, '\\$&');
}
