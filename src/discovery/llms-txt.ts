import { oneLine } from './text.ts';
import { flattenPages } from '../model/tree.ts';
import type { NavNode, Page, SiteModel } from '../model/types.ts';
import { isLoginOnly } from '../config/schemas/auth.ts';
import { mainVersionId, publicVersions, type PublicVersion } from './public-pages.ts';
import { llmsMcpNote } from './llms-mcp.ts';
import type { FeedLink } from './feeds.ts';
import { llmsFullTxtUrl, llmsTxtUrl, pageHtmlUrl, pageMarkdownUrl } from './site-urls.ts';

const NO_STABLE_VERSION = 'No version is marked stable yet, so this index lists no page; each version has its own index (see Versions).';

/** llms-full.txt files larger than this get a build warning (the issue's size budget). */
export const LLMS_FULL_WARN_BYTES = 5 * 1024 * 1024;

/** One H2 section of an llms.txt: a top-level nav section, or a run of top-level pages. */
export interface LlmsSection {
  title: string;
  pages: Page[];
}

/**
 * H2 sections following the nav: each top-level section or group becomes one section holding
 * its own page and every page nested in it, in reading order; runs of top-level pages outside
 * sections are listed under "Docs" (the first run) and "More" (later runs).
 */
export function llmsSections(nav: readonly NavNode[]): LlmsSection[] {
  const sections: LlmsSection[] = [];
  const used = new Map<string, number>();
  const add = (title: string, pages: Page[]) => {
    const count = (used.get(title) ?? 0) + 1;
    used.set(title, count);
    sections.push({ title: count === 1 ? title : `${title} (${count})`, pages });
  };
  let loose: Page[] = [];
  let runs = 0;
  const flushLoose = () => {
    if (loose.length === 0) return;
    add(runs++ === 0 ? 'Docs' : 'More', loose);
    loose = [];
  };
  for (const node of nav) {
    if (node.kind === 'page') {
      loose.push(node);
      continue;
    }
    flushLoose();
    const pages = flattenPages([node]);
    if (pages.length > 0) add(node.title, pages);
  }
  flushLoose();
  return sections;
}

/** Links the generator adds after the nav's sections, such as the API reference. */
export interface LlmsLinkSection {
  title: string;
  links: Array<{ title: string; url: string; description: string }>;
}

/**
 * `/llms.txt` (no `versionId`: the main version, versioning rule 2) or `/{version}/llms.txt`
 * (that version's nav alone). H1 with the site title, the description as a blockquote, the
 * directive, H2 sections following the nav with `- [Title](url.md): description` links, a `Feeds`
 * section linking the site's Atom feeds (when it has any), and a `Versions` section linking every
 * version's index, stable versions first.
 */
export function llmsTxt(model: SiteModel, versionId?: string, extraSections: (versionId: string) => LlmsLinkSection[] = () => [], feeds: readonly FeedLink[] = []): string {
  const { config } = model;
  const versions = publicVersions(model);
  const target = pickVersion(model, versions, versionId);
  const lines: string[] = [`# ${oneLine(config.title)}`, '', `> ${summary(model)}`, '', oneLine(config.ai.llmsTxt.directive), ''];
  if (target && !isLoginOnly(config.auth)) {
    const { version } = target.site;
    lines.push(`This index covers version ${version.label}${version.stable ? '' : ' (unstable)'}. The full text of every page it lists is in ${llmsFullTxtUrl(config, versionId)}.`, '');
  }
  lines.push(...llmsMcpNote(config));
  if (isLoginOnly(config.auth)) lines.push('This documentation requires signing in, so no page is listed here.', '');
  else if (!target && versionId === undefined) lines.push(NO_STABLE_VERSION, '');
  else if (target && target.pages.length === 0) lines.push('This version has no public page.', '');
  for (const section of target ? llmsSections(target.nav) : []) {
    lines.push(`## ${oneLine(section.title)}`, '');
    for (const page of section.pages) {
      const description = linkNote(page.description);
      lines.push(`- [${linkText(page.title)}](${pageMarkdownUrl(config, target!.site.version.id, page.slug)})${description ? `: ${description}` : ''}`);
    }
    lines.push('');
  }
  for (const section of target && !isLoginOnly(config.auth) ? extraSections(target.site.version.id) : []) {
    lines.push(`## ${oneLine(section.title)}`, '');
    for (const link of section.links) lines.push(`- [${linkText(link.title)}](${link.url})${link.description ? `: ${linkNote(link.description)}` : ''}`);
    lines.push('');
  }
  lines.push(...feedsSection(feeds), ...versionsSection(model, target?.site.version.id));
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The site's Atom feeds (none on a login-only site), as link items like every other section's. */
function feedsSection(feeds: readonly FeedLink[]): string[] {
  if (feeds.length === 0) return [];
  return ['## Feeds', '', ...feeds.map((feed) => `- [${linkText(feed.title)}](${feed.url}): Atom feed. ${linkNote(feed.description)}`), ''];
}

/**
 * `/llms-full.txt` or `/{version}/llms-full.txt`: every public page of the version in nav order,
 * each as its Markdown source under an H1 that links the page's URL.
 * `markdownOf` returns a page's Markdown source (see markdown.ts), which starts with its H1.
 */
export function llmsFullTxt(model: SiteModel, versionId: string | undefined, markdownOf: (versionId: string, page: Page) => string): string {
  const { config } = model;
  const target = pickVersion(model, publicVersions(model), versionId);
  const parts: string[] = [`# ${oneLine(config.title)}\n\n> ${summary(model)}\n`];
  if (target) {
    const { version } = target.site;
    parts.push(
      `Full text of every public page of version ${version.label}${version.stable ? '' : ' (unstable)'}, in navigation order. Each page starts with a level-1 heading linking its URL; \`/{version}/{slug}.md\` serves one page alone. The index is ${llmsTxtUrl(config, versionId)}.\n`,
    );
    for (const page of target.pages) {
      const markdown = markdownOf(version.id, page);
      const body = markdown.slice(markdown.indexOf('\n') + 1);
      parts.push(`# [${linkText(page.title)}](${pageHtmlUrl(config, version.id, page.slug)})\n${body}`);
    }
  }
  if (isLoginOnly(config.auth)) parts.push('This documentation requires signing in, so no page is included here.\n');
  else if (!target && versionId === undefined) parts.push(`${NO_STABLE_VERSION}\n`);
  return parts.join('\n');
}

function pickVersion(model: SiteModel, versions: PublicVersion[], versionId: string | undefined): PublicVersion | undefined {
  const id = versionId ?? mainVersionId(model);
  return versions.find((v) => v.site.version.id === id);
}

function versionsSection(model: SiteModel, currentId: string | undefined): string[] {
  if (model.versions.length === 0) return [];
  const main = mainVersionId(model);
  const ordered = [...model.versions.filter((site) => site.version.stable), ...model.versions.filter((site) => !site.version.stable)];
  const lines = ['## Versions', ''];
  for (const { version } of ordered) {
    const notes = [version.stable ? 'stable' : 'unstable', ...(version.id === main ? ['the default version, also at /llms.txt'] : []), ...(version.id === currentId ? ['this index'] : [])];
    lines.push(`- [${linkText(version.label)}](${llmsTxtUrl(model.config, version.id)}): ${notes.join('; ')}`);
  }
  return lines;
}

function summary(model: SiteModel): string {
  return oneLine(model.config.description) || `Documentation of ${oneLine(model.config.title)}.`;
}


/**
 * A link's text as one line. Square brackets become parentheses: the format's reference parser
 * reads a title up to the first `]`, escaped or not.
 */
function linkText(text: string): string {
  return oneLine(text).replace(/\[/g, '(').replace(/\]/g, ')');
}

/**
 * A link's note as one line of plain text: Markdown links keep only their text, so every URL in
 * an index is one of the site's own pages (the leak guard checks that) and agents follow only those.
 */
function linkNote(text: string): string {
  return oneLine(text.replace(/!?\[((?:[^\]\\]|\\.)*)\]\((?:[^()]|\([^()]*\))*\)/g, '$1'));
}
