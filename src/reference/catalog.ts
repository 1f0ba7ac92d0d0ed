/**
 * The generated API reference of one version: which pages exist, in which order, grouped by
 * tag (and by `x-tagGroups` when the description has them), and the navigation tree the
 * sidebar shows for them. Pure.
 */
import { operationName, type ApiDescription, type OperationRef } from '../openapi/index.ts';
import type { NavNode, Page, Section } from '../model/types.ts';

/** Slug of the reference overview page, under `/{version}/`; with several APIs, the page listing them. */
export const REFERENCE_SLUG = 'reference';

/** Slug of an API's overview, under which its pages live: `reference` for a version's single description (id `''`), else `reference/<id>`. */
export function referenceBase(apiId: string): string {
  return apiId === '' ? REFERENCE_SLUG : `${REFERENCE_SLUG}/${apiId}`;
}

/** Which API of its version a catalog documents. */
export interface ApiScope {
  /** `''` for the version's single description, else its folder under `apis/`. */
  id: string;
  /** The site's title for it (site.yml `apis:`), else the description's `info.title`. */
  title?: string;
}
/** Sidebar title of the reference. */
export const REFERENCE_TITLE = 'API reference';
/** APIs up to this many operations list their tags as open headings; larger ones as collapsible sections. */
const OPEN_TAGS_LIMIT = 30;

export interface ReferenceEntry {
  ref: OperationRef;
  /** `reference/list-pets` (from `listPets`), `reference/get-pets-pet-id` without an operationId. */
  slug: string;
  /** The operation's summary, else its operationId, else `METHOD /path`. */
  title: string;
  /** The tag it is listed under (its first), else the group of untagged webhooks or operations. */
  tag: string;
}

interface ReferenceTag {
  name: string;
  /** `x-displayName` of the tag, else its name. */
  title: string;
  description: string;
  entries: ReferenceEntry[];
}

interface ReferenceTagGroup {
  /** The `x-tagGroups` name; undefined for the one implicit group of a description without them. */
  name?: string;
  tags: ReferenceTag[];
}

export interface ReferenceCatalog {
  api: ApiDescription;
  /** `''` for the version's single description, else its id under `apis/`. */
  id: string;
  /** Slug of the overview, the prefix of every page's slug: `reference` or `reference/<id>`. */
  base: string;
  title: string;
  description: string;
  /** Operations in reading order: the order of the groups and tags below. */
  operations: ReferenceEntry[];
  groups: ReferenceTagGroup[];
  /** The reference as one nav section (overview first), for the sidebar. */
  nav: Section;
  /** The sections enclosing each reference page, outermost first (for the sidebar window). */
  ancestors: ReadonlyMap<string, readonly Section[]>;
}

const UNTAGGED = 'Other operations';
const WEBHOOKS = 'Webhooks';

export function referenceCatalog(api: ApiDescription, scope: ApiScope = { id: '' }): ReferenceCatalog {
  const { document } = api;
  const base = referenceBase(scope.id);
  const declared = new Map((document.tags ?? []).filter((tag) => typeof tag?.name === 'string').map((tag) => [tag.name, tag]));
  const tags = new Map<string, ReferenceTag>();
  const tagFor = (name: string): ReferenceTag => {
    let tag = tags.get(name);
    if (!tag) {
      const info = declared.get(name);
      tag = { name, title: info?.['x-displayName'] ?? name, description: info?.description ?? '', entries: [] };
      tags.set(name, tag);
    }
    return tag;
  };
  // Declared tags come first, in their order, even before any operation names them.
  for (const name of declared.keys()) tagFor(name);
  for (const ref of api.operations) {
    // Webhooks without a tag get a group of their own rather than mixing with untagged operations.
    const name = firstTag(ref) ?? (ref.kind === 'webhook' ? WEBHOOKS : UNTAGGED);
    tagFor(name).entries.push({ ref, slug: `${base}/${ref.slug}`, title: titleOf(ref), tag: name });
  }
  const used = [...tags.values()].filter((tag) => tag.entries.length > 0);
  const groups = tagGroups(document['x-tagGroups'], used);
  const operations = groups.flatMap((group) => group.tags.flatMap((tag) => tag.entries));
  const info = document.info ?? {};
  const title = scope.title ?? info.title ?? (scope.id || REFERENCE_TITLE);
  // A version's single API is "API reference" in the sidebar; each of several goes by its own title.
  const single = scope.id === '';
  const { nav, ancestors } = referenceNav(groups, operations.length, base, single ? REFERENCE_TITLE : title);
  // The generator's own words, shown in each page's language (the model keeps English, for llms.txt and agents); a writer's title stays as written.
  if (single) nav.textKey = 'reference.title';
  return { api, id: scope.id, base, title, description: info.description ?? '', operations, groups, nav, ancestors };
}

function firstTag(ref: OperationRef): string | undefined {
  const tags = ref.operation['tags'];
  return Array.isArray(tags) && typeof tags[0] === 'string' && tags[0] !== '' ? tags[0] : undefined;
}

function titleOf(ref: OperationRef): string {
  const summary = ref.operation['summary'];
  return typeof summary === 'string' && summary.trim() !== '' ? summary.trim() : operationName(ref);
}

/** `x-tagGroups` order the tags; tags no group names are gathered in a last group so no page goes missing. */
function tagGroups(raw: unknown, tags: readonly ReferenceTag[]): ReferenceTagGroup[] {
  if (!Array.isArray(raw) || raw.length === 0) return [{ tags: [...tags] }];
  const byName = new Map(tags.map((tag) => [tag.name, tag]));
  const placed = new Set<string>();
  const groups: ReferenceTagGroup[] = [];
  for (const entry of raw) {
    const names = Array.isArray(entry?.tags) ? (entry.tags as unknown[]).filter((name): name is string => typeof name === 'string') : [];
    const members = names.flatMap((name) => {
      const tag = byName.get(name);
      if (!tag || placed.has(name)) return [];
      placed.add(name);
      return [tag];
    });
    if (members.length > 0) groups.push({ name: typeof entry?.name === 'string' ? entry.name : 'Operations', tags: members });
  }
  const rest = tags.filter((tag) => !placed.has(tag.name));
  if (rest.length > 0) groups.push({ name: 'More', tags: rest });
  return groups;
}

function page(slug: string, title: string, description = ''): Page {
  // Reference pages share the nav's page shape for the sidebar only; they are never nav.yml pages.
  return { kind: 'page', slug, title, description, file: '', requires: [], public: true };
}

function section(title: string, children: NavNode[], dropdown: boolean): Section {
  return { kind: 'section', title, dropdown, requires: [], public: true, children };
}

function referenceNav(groups: readonly ReferenceTagGroup[], count: number, base: string, title: string): { nav: Section; ancestors: Map<string, readonly Section[]> } {
  const ancestors = new Map<string, readonly Section[]>();
  const collapsible = count > OPEN_TAGS_LIMIT;
  const root = section(title, [], true);
  // "Overview" is the generator's word too, shown in each page's language.
  const overview: Page = { ...page(base, 'Overview'), textKey: 'reference.overview' };
  root.children.push(overview);
  ancestors.set(base, [root]);
  const tagSection = (tag: ReferenceTag, outer: readonly Section[]): Section => {
    const node = section(tag.title, [], collapsible);
    for (const entry of tag.entries) {
      node.children.push(page(entry.slug, entry.title));
      ancestors.set(entry.slug, [...outer, node]);
    }
    return node;
  };
  for (const group of groups) {
    if (group.name === undefined) {
      for (const tag of group.tags) root.children.push(tagSection(tag, [root]));
      continue;
    }
    const outer = section(group.name, [], true);
    root.children.push(outer);
    for (const tag of group.tags) outer.children.push(tagSection(tag, [root, outer]));
  }
  return { nav: root, ancestors };
}

/** Adds a page of the reference's own (a changelog) to its section, right after the overview. */
export function addReferencePage(catalog: ReferenceCatalog, slug: string, title: string): void {
  catalog.nav.children.splice(1, 0, page(slug, title));
  (catalog.ancestors as Map<string, readonly Section[]>).set(slug, [catalog.nav]);
}
