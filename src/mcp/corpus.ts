/**
 * The documentation as agents read it over MCP: every page of every version with its Markdown
 * source (the same `.md` the site publishes), the nav tree, the API reference's pages and the
 * llms.txt indexes, each document carrying the role check of the page it comes from. Pure: the
 * callers (src/mcp/site-source.ts) supply the Markdown.
 */
import { absoluteUrl, pageHtmlUrl, pageMarkdownUrl } from '../discovery/site-urls.ts';
import { apiAccess } from '../model/access.ts';
import { flattenPages } from '../model/tree.ts';
import type { Page, RoleRequirement, SiteModel } from '../model/types.ts';
import type { SiteConfig } from '../config/schemas/site.ts';

/** One readable document: a nav page, or a page of the API reference. */
export interface AgentDoc {
  kind: 'page' | 'reference' | 'operation' | 'schema';
  versionId: string;
  slug: string;
  title: string;
  description: string;
  /** Absolute URL of the HTML page. */
  url: string;
  /** Absolute URL of its Markdown source. */
  markdownUrl: string;
  markdown: string;
  /** As `Page.public` and `Page.requires`: who may read it. */
  public: boolean;
  requires: RoleRequirement;
  /** Operations only: how `read_operation` finds it. */
  operation?: { id?: string | undefined; method: string; path: string } | undefined;
  /** Reference pages of one API: its id under `content/<version>/apis/` (`''` for a version's single description). */
  api?: string | undefined;
  /** A translation: its locale (absent for the default locale's documents). */
  locale?: string | undefined;
}

/** A reference page as the reference supplies it (`reference/…` slug, title, Markdown). */
export interface ReferenceDocInput {
  kind: 'reference' | 'operation' | 'schema';
  slug: string;
  title: string;
  description: string;
  markdown: string;
  operation?: AgentDoc['operation'];
  /** The API the page belongs to (`''`: the version's single description); absent for the list of a version's APIs. */
  api?: string | undefined;
  /** Roles that gate its API (`apis:` in site.yml); absent or empty: the version's reference rule alone. */
  roles?: readonly string[] | undefined;
}

export interface CorpusInputs {
  /** The model the site serves: the full one for a server build, the anonymous view otherwise. */
  model: SiteModel;
  /** The Markdown source of a page (as served at its `.md` URL). */
  pageMarkdown: (versionId: string, page: Page) => string;
  /** The version's API reference pages, overview first; empty when it has no description. */
  reference: (versionId: string) => ReferenceDocInput[];
  /** The llms.txt indexes by path relative to the base (`llms.txt`, `1.2/llms.txt`, `llms-full.txt`). */
  llmsFiles: ReadonlyMap<string, string>;
  /** The Markdown source of a translation (as served at `/{locale}/{version}/{slug}.md`); without it, translations are left out. */
  localePageMarkdown?: ((locale: string, versionId: string, page: Page) => string) | undefined;
}

export interface AgentCorpus {
  config: SiteConfig;
  /** Every document, gated ones included, in version then reading order. */
  model: SiteModel;
  docs: AgentDoc[];
  llmsFiles: ReadonlyMap<string, string>;
}

export function buildCorpus({ model, pageMarkdown, reference, llmsFiles, localePageMarkdown }: CorpusInputs): AgentCorpus {
  const { config } = model;
  const docs: AgentDoc[] = [];
  for (const site of model.versions) {
    const versionId = site.version.id;
    const urls = (slug: string) => ({ url: pageHtmlUrl(config, versionId, slug), markdownUrl: pageMarkdownUrl(config, versionId, slug) });
    for (const page of flattenPages(site.nav)) {
      docs.push({ kind: 'page', versionId, slug: page.slug, title: page.title, description: page.description, ...urls(page.slug), markdown: pageMarkdown(versionId, page), public: page.public, requires: page.requires });
    }
    for (const entry of reference(versionId)) {
      // Who may read the reference: the rule its pages and sandbox modules follow (signed-in readers on a
      // login-only site; for an API gated by roles, readers holding one of them, as its pages on the site).
      const { roles, ...doc } = entry;
      docs.push({ ...doc, versionId, ...urls(entry.slug), ...apiAccess(config.auth, roles ?? []) });
    }
  }
  // Translations (pages shown untranslated are their originals, already here), gated exactly like their originals.
  for (const locale of localePageMarkdown ? (model.locales ?? []) : []) {
    const id = locale.locale.id;
    for (const site of locale.versions) {
      const versionId = site.version.id;
      for (const page of flattenPages(site.nav).filter((candidate) => !candidate.untranslated)) {
        const path = `${id}/${versionId}/${page.slug}`;
        docs.push({ kind: 'page', locale: id, versionId, slug: page.slug, title: page.title, description: page.description, url: absoluteUrl(config, `${path}/`), markdownUrl: absoluteUrl(config, `${path}.md`), markdown: localePageMarkdown!(id, versionId, page), public: page.public, requires: page.requires });
      }
    }
  }
  return { config, model, docs, llmsFiles };
}
