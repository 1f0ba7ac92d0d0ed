import { DocsInputError, type DocsWarning } from '../config/errors.ts';
import { withSuggestion, type Source } from '../config/friendly-errors.ts';
import { closest } from '../config/suggest.ts';
import { readFrontmatter } from '../config/page-file.ts';
import { isLoginOnly } from '../config/schemas/auth.ts';
import type { SiteConfig } from '../config/schemas/site.ts';
import type { NavEntryInput } from '../config/schemas/nav.ts';
import type { VersionEntry } from '../config/schemas/versions.ts';
import type { NavNode, Page, ReferenceTopic, RoleRequirement, SiteModel, VersionSite } from './types.ts';
import { pageMeta } from './page-meta.ts';

/** A page file as found on disk; `file` is relative to the docs root. */
export interface PageSource {
  file: string;
  text: string;
}

export interface VersionInput {
  entry: VersionEntry;
  nav: NavEntryInput[];
  navSource: Source;
  /** Page files of the version by slug (path inside content/<version>/ without extension). */
  pageFiles: ReadonlyMap<string, PageSource>;
}

export interface SiteInput {
  config: SiteConfig;
  versions: VersionInput[];
}

export interface Resolved {
  model: SiteModel;
  warnings: DocsWarning[];
  /** Page files no nav entry names (relative to the docs root); they are not built. */
  orphans: string[];
}

/** Turns validated config, nav lists and page files into the site model. Pure. */
export function resolveSite(input: SiteInput): Resolved {
  const warnings: DocsWarning[] = [];
  const orphans: string[] = [];
  const loginOnly = isLoginOnly(input.config.auth);
  const versions = input.versions.map((version) => resolveVersion(version, loginOnly, input.config.editLink, warnings, orphans));
  return { model: { config: input.config, versions }, warnings, orphans };
}

function resolveVersion(input: VersionInput, loginOnly: boolean, editLink: SiteConfig['editLink'], warnings: DocsWarning[], orphans: string[]): VersionSite {
  const seen = new Map<string, number | undefined>();
  const source = input.navSource;

  const toPage = (slug: string, path: PropertyKey[], requires: RoleRequirement): Page => {
    const line = source.lineOf([...path, 'slug']);
    const column = source.columnOf?.([...path, 'slug']);
    const firstLine = seen.get(slug);
    if (seen.has(slug)) {
      throw new DocsInputError({
        file: source.file,
        line,
        column,
        field: 'slug',
        problem: `"${slug}" is listed twice (first${firstLine === undefined ? '' : ` on line ${firstLine}`}).`,
        hint: 'each page appears once per version; remove one of the entries.',
      });
    }
    seen.set(slug, line);
    const pageFile = input.pageFiles.get(slug);
    if (!pageFile) {
      throw new DocsInputError({
        file: source.file,
        line,
        column,
        field: 'slug',
        problem: `"${slug}" has no page file.`,
        hint: withSuggestion(closest(slug, input.pageFiles.keys()), `create content/${input.entry.id}/${slug}.md (or .mdx), or correct the slug.`),
      });
    }
    const frontmatter = readFrontmatter(pageFile.file, pageFile.text);
    return {
      kind: 'page',
      slug,
      title: frontmatter.title,
      description: frontmatter.description ?? '',
      file: pageFile.file,
      requires,
      public: requires.length === 0 && !loginOnly,
      ...pageMeta(frontmatter, pageFile.file, editLink),
    };
  };

  let referenceTopic: ReferenceTopic | undefined;
  const resolveEntries = (entries: readonly NavEntryInput[], path: PropertyKey[], inherited: RoleRequirement): NavNode[] =>
    entries.flatMap((entry, index): NavNode[] => {
      const entryPath = [...path, index];
      const requires = entry.roles && entry.roles.length > 0 ? [...inherited, entry.roles] : inherited;
      if (entry.kind === 'page') return [toPage(entry.slug, entryPath, requires)];
      if (entry.kind === 'topic') {
        // The API reference's tab: the reference itself is generated, so it holds no nav entries.
        if (entry.reference) {
          referenceTopic = { title: entry.topic, topicIndex: index };
          return [];
        }
        return [{ kind: 'section', title: entry.topic, dropdown: false, topic: true, topicIndex: index, requires, public: requires.length === 0 && !loginOnly, children: resolveEntries(entry.children, [...entryPath, 'children'], requires) }];
      }
      const page = entry.slug === undefined ? undefined : toPage(entry.slug, entryPath, requires);
      return [
        {
          kind: 'section',
          title: entry.title,
          dropdown: entry.dropdown,
          ...(page ? { page } : {}),
          requires,
          public: requires.length === 0 && !loginOnly,
          children: resolveEntries(entry.children, [...entryPath, 'children'], requires),
        },
      ];
    });

  const nav = resolveEntries(input.nav, [], []);

  for (const [slug, page] of [...input.pageFiles].sort(([a], [b]) => a.localeCompare(b))) {
    if (!seen.has(slug)) {
      orphans.push(page.file);
      warnings.push({ file: page.file, message: `is not listed in ${source.file}, so it is not built. Add "- slug: ${slug}" to the nav to publish it.` });
    }
  }

  const { id, label, stable } = input.entry;
  return { version: { id, label: label ?? id, stable }, nav, ...(referenceTopic ? { referenceTopic } : {}) };
}
