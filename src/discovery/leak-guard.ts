import type { SiteModel } from '../model/types.ts';
import { flattenPages } from '../model/tree.ts';
import type { NavNode } from '../model/types.ts';
import { LLMS_FULL_WARN_BYTES } from './llms-txt.ts';
import { canaryFinder, type Canary } from './description-canaries.ts';

/** A file of the build output: `path` relative to the output folder, with "/" separators. */
export interface OutputFile {
  path: string;
  text: string;
}

export interface GuardInput {
  /** The full site model, gated pages included (what loadSite returns, before any filtering). */
  model: SiteModel;
  /** Every file of the output (text; compressed search-index files already decompressed). */
  files: readonly OutputFile[];
  /** Source text of every public page: strings found there are not counted as leaks. */
  publicSources: readonly string[];
}

export interface GuardReport {
  /** Broken promises: the build must fail. */
  problems: string[];
  /** Worth a look, not fatal (llms-full.txt past the size budget). */
  warnings: string[];
}

const DISCOVERY_FILE = /^(?:robots\.txt|sitemap(?:-\d+)?\.xml|feeds\/[^/]+\.xml|llms(?:-full)?\.txt|[^/]+\/llms(?:-full)?\.txt|[^/]+\/[^/]+\/llms(?:-full)?\.txt)$/;
/** The Atom feeds (feeds.ts): every `<link href>` in them, the feed's own and each entry's, must resolve. */
const FEED_FILE = /^feeds\/[^/]+\.xml$/;
/** Static hosts' rules files (host-rules.ts): every path they name must be a built public file. */
const HOST_RULES_FILE = /^(?:_headers|vercel\.json)$/;
/** Files whose text a reader or crawler sees as content; titles are looked for only there. */
const CONTENT_FILE = /\.(?:html|md|txt|xml|json|js|mjs|pf_fragment|pf_meta|pf_index)$/;

/** Whether the guard reads a file's text whatever the site holds: discovery files and host rules (their URLs must resolve). Pure. */
export function isCheckedForUrls(path: string): boolean {
  return DISCOVERY_FILE.test(path) || HOST_RULES_FILE.test(path);
}

/**
 * Whether any page or section is gated, so the guard must look for gated paths and titles in
 * every output file; when none is, only the files of isCheckedForUrls need their text. Pure.
 */
export function hasGatedContent(model: SiteModel): boolean {
  const gated = (nodes: readonly NavNode[]): boolean => nodes.some((node) => !node.public || (node.kind === 'section' && ((node.page !== undefined && !node.page.public) || gated(node.children))));
  return model.versions.some((site) => gated(site.nav));
}

/**
 * The leak guard run after the build: every URL in every discovery file must map to a file of
 * the output (a built public page, an intentionally public route, or another discovery file),
 * and no gated page's path (`{version}/{slug}/`, `{version}/{slug}.md`) or gated title may occur
 * in any output file. The Atom feeds are discovery files: each `<link href>` in them must map to
 * a file too. The static hosts' rules files are held to the same rules: every path they
 * name is a built public file. Pure: the integration reads the files and fails the build on problems.
 */
export function guardDiscoveryOutput({ model, files, publicSources }: GuardInput): GuardReport {
  const { config } = model;
  const prefix = `${config.url}${config.base}`;
  const existing = new Set(files.map((file) => file.path));
  // Version folders robots.txt may name: `{version}`, and `{locale}/{version}` for other locales.
  const versionIds = new Set([...model.versions.map((site) => site.version.id), ...(model.locales ?? []).flatMap((locale) => locale.versions.map((site) => `${locale.locale.id}/${site.version.id}`))]);
  const problems: string[] = [];
  const warnings: string[] = [];

  const resolves = (path: string) => {
    const decoded = safeDecode(path);
    return decoded === '' || decoded.endsWith('/') ? existing.has(`${decoded}index.html`) : existing.has(decoded) || existing.has(`${decoded}/index.html`);
  };
  const checkUrl = (file: string, url: string) => {
    if (!url.startsWith(prefix)) problems.push(`${file}: ${url} is outside the site (${prefix}).`);
    else if (!resolves(url.slice(prefix.length).replace(/#.*$/, ''))) problems.push(`${file}: ${url} does not map to any built public page or public route.`);
  };

  for (const file of files) {
    if (HOST_RULES_FILE.test(file.path)) {
      for (const path of hostRulePaths(file.text)) {
        const rest = path.startsWith(config.base) ? path.slice(config.base.length) : undefined;
        if (rest !== '*' && (rest === undefined || !resolves(rest))) problems.push(`${file.path}: ${path} does not map to any built public page or public route.`);
      }
      continue;
    }
    if (!DISCOVERY_FILE.test(file.path)) continue;
    if (file.path === 'robots.txt') {
      for (const match of file.text.matchAll(/^(Allow|Disallow|Sitemap):\s*(\S*)\s*$/gim)) {
        const [, field, value] = match as unknown as [string, string, string];
        if (field.toLowerCase() === 'sitemap') checkUrl(file.path, value);
        else if (!robotsPathIsSafe(value, config.base, versionIds, resolves)) problems.push(`robots.txt: "${field}: ${value}" names a path that is not a version, a public route or a discovery file.`);
      }
    } else if (FEED_FILE.test(file.path)) {
      for (const match of file.text.matchAll(/<link [^>]*href="([^"]*)"/g)) checkUrl(file.path, unescapeXml(match[1]!));
    } else if (file.path.endsWith('.xml')) {
      for (const match of file.text.matchAll(/<loc>([^<]*)<\/loc>/g)) checkUrl(file.path, unescapeXml(match[1]!));
      // hreflang alternates name pages too: each must be built and public.
      for (const match of file.text.matchAll(/<xhtml:link [^>]*href="([^"]*)"/g)) checkUrl(file.path, unescapeXml(match[1]!));
    } else if (file.path.endsWith('llms-full.txt')) {
      for (const match of file.text.matchAll(/^# \[(?:[^\]\\]|\\.)*\]\(([^)\s]+)\)$/gm)) checkUrl(file.path, match[1]!);
      const bytes = Buffer.byteLength(file.text);
      if (bytes > LLMS_FULL_WARN_BYTES) warnings.push(`${file.path} is ${(bytes / 1024 / 1024).toFixed(1)} MB, past the ${LLMS_FULL_WARN_BYTES / 1024 / 1024} MB budget: agents may not read it whole. Consider moving pages to another version or trimming long pages.`);
    } else {
      for (const match of file.text.matchAll(/\]\(([^)\s]+)\)/g)) checkUrl(file.path, match[1]!);
    }
  }

  const { paths, titles } = gatedStrings(model, publicSources);
  const pathPattern = paths.length > 0 ? new RegExp(`(?:${paths.map(escapeRegExp).join('|')})(?![\\w-])`, 'g') : undefined;
  const titlePattern = titles.length > 0 ? new RegExp(titles.map(escapeRegExp).join('|'), 'g') : undefined;
  for (const file of files) {
    const found = new Set<string>();
    for (const match of pathPattern ? file.text.matchAll(pathPattern) : []) found.add(match[0]);
    if (CONTENT_FILE.test(file.path)) for (const match of titlePattern ? file.text.matchAll(titlePattern) : []) found.add(match[0]);
    for (const text of [...found].sort()) problems.push(`${file.path}: contains "${text}", which belongs to a gated page.`);
  }
  return { problems, warnings };
}

/** The canaries of one version's API description, which is private on this site (see descriptionCanaries). */
export interface PrivateDescription {
  version: string;
  canaries: readonly Canary[];
}

/** A canary with the version whose description it comes from. */
export type VersionCanary = Canary & { version: string };

/** Every private description's canaries, each with its version. */
export function privateCanaries(descriptions: readonly PrivateDescription[]): VersionCanary[] {
  return descriptions.flatMap(({ version, canaries }) => canaries.map((canary) => ({ ...canary, version })));
}

/** The problem a canary found in a public file makes: the file, the text, what it is and where it comes from. */
export function leakProblem(path: string, { text, kind, pointer, version, spelling }: VersionCanary): string {
  return `${path}: contains "${text}"${spelling ? ` (${spelling})` : ''}, the ${kind} at ${pointer} of version ${version}'s API description, which only signed-in readers may read on this site.`;
}

/**
 * The private descriptions' guard: no canary of a description that only some readers may read
 * (every version of a login-only site) may occur in any public file, whatever its type. Pure,
 * over whole texts; the build scans its files in chunks with the same finder (src/integration/canary-scan.ts).
 */
export function guardPrivateDescriptions(descriptions: readonly PrivateDescription[], files: readonly OutputFile[]): string[] {
  const canaries = privateCanaries(descriptions);
  if (canaries.length === 0) return [];
  const find = canaryFinder(canaries);
  return files.flatMap((file) => find(file.text).map((canary) => leakProblem(file.path, canary)));
}

/** What a guard that passed checked, for the build log: the private descriptions are named only when some were checked. */
export function leakGuardSummary({ privateVersions, canaries }: { privateVersions: readonly string[]; canaries: number }): string {
  const checked = 'every discovery URL resolves; no gated page is named in the output';
  if (privateVersions.length === 0) return checked;
  const of = `the private API description${privateVersions.length === 1 ? '' : 's'} of version${privateVersions.length === 1 ? '' : 's'} ${privateVersions.join(', ')}`;
  return canaries === 0 ? `${checked}; ${of} held no text distinctive enough to look for` : `${checked}; none of ${canaries} canaries of ${of} is in a public file`;
}

/** Root-relative paths in a rules file: `_headers` rule lines, `<…>` Link targets, vercel.json sources and destinations. */
function hostRulePaths(text: string): string[] {
  const patterns = [/^(\/\S*)\s*$/gm, /<(\/[^>]*)>/g, /"(?:source|destination)":\s*"(\/[^"]*)"/g];
  return patterns.flatMap((pattern) => [...text.matchAll(pattern)].map((match) => match[1]!.replace(/\\(.)/g, '$1')));
}

/** Paths and titles that only gated pages and sections have (titles shorter than 6 characters are skipped). */
function gatedStrings(model: SiteModel, publicSources: readonly string[]): { paths: string[]; titles: string[] } {
  const publicText = [
    ...publicSources,
    model.config.title,
    model.config.description,
    ...model.versions.flatMap((site) => [site.version.label, ...publicTitles(site.nav)]),
    ...(model.locales ?? []).flatMap((locale) => locale.versions.flatMap((site) => publicTitles(site.nav))),
  ].join('\n');
  const paths = new Set<string>();
  const titles = new Set<string>();
  // Every locale's tree too: a translation of a gated page is gated, its translated title included.
  const trees = [...model.versions.map((site) => ({ prefix: '', site })), ...(model.locales ?? []).flatMap((locale) => locale.versions.map((site) => ({ prefix: `${locale.locale.id}/`, site })))];
  for (const { prefix, site } of trees) {
    for (const page of flattenPages(site.nav)) {
      if (page.public) continue;
      paths.add(`${prefix}${site.version.id}/${page.slug}/`);
      paths.add(`${prefix}${site.version.id}/${page.slug}.md`);
      titles.add(page.title);
    }
    const visit = (nodes: readonly NavNode[]) => {
      for (const node of nodes) {
        if (node.kind !== 'section') continue;
        if (!node.public) titles.add(node.title);
        visit(node.children);
      }
    };
    visit(site.nav);
  }
  return {
    paths: [...paths].filter((path) => !publicText.includes(path)).sort(),
    titles: [...titles].filter((title) => title.length >= 6 && !publicText.includes(title)).sort(),
  };
}

function publicTitles(nav: readonly NavNode[]): string[] {
  return nav.flatMap((node) => (node.kind === 'page' ? (node.public ? [node.title] : []) : [...(node.public ? [node.title] : []), ...(node.page?.public ? [node.page.title] : []), ...publicTitles(node.children)]));
}

/**
 * robots.txt paths may only be the base, a version folder, or a file of the output (public
 * routes and discovery files); `$` end anchors are allowed.
 */
function robotsPathIsSafe(value: string, base: string, versionIds: ReadonlySet<string>, resolves: (path: string) => boolean): boolean {
  const path = value.replace(/\$$/, '');
  if (!path.startsWith(base) || path.includes('*')) return false;
  const rest = path.slice(base.length);
  if (rest === '') return true;
  if (rest.endsWith('/') && versionIds.has(rest.slice(0, -1))) return true;
  return resolves(rest);
}

function safeDecode(path: string): string {
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

function unescapeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" })[name]!);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
