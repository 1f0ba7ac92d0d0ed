/** The generated API reference of one version: which pages exist and how the sidebar lists them. Pure. */
import { listOperationIds, resolveOperation, type OpenApiInput, type ResolvedOperation } from '../openapi/index.ts';
import type { SidebarGroup } from '../model/sidebar.ts';

/** Slug of the reference overview page, under `/{version}/`. */
export const REFERENCE_SLUG = 'reference';

export interface ReferenceEntry {
  operation: ResolvedOperation;
  /** `reference/list-caravans` for `listCaravans`. */
  slug: string;
  /** The operation's summary, else its id. */
  title: string;
}

export interface ReferenceCatalog {
  title: string;
  description: string;
  operations: ReferenceEntry[];
}

/** `listCaravans` -> `list-caravans`. */
export function operationSlug(operationId: string): string {
  return `${REFERENCE_SLUG}/${operationId.replace(/([a-z0-9])([A-Z])/g, '$1-$2').replace(/[^A-Za-z0-9]+/g, '-').toLowerCase()}`;
}

export function referenceCatalog(document: OpenApiInput): ReferenceCatalog {
  const info = (document as { info?: { title?: string; description?: string } }).info ?? {};
  const operations = listOperationIds(document).map((operationId) => {
    const operation = resolveOperation(document, operationId);
    return { operation, slug: operationSlug(operationId), title: operation.summary ?? operationId };
  });
  return { title: info.title ?? 'API reference', description: info.description ?? '', operations };
}

/** The "API reference" sidebar section: the overview, then one link per operation. */
export function referenceSidebarGroup(catalog: ReferenceCatalog, currentSlug: string | undefined): SidebarGroup {
  const links = [
    { kind: 'link' as const, title: 'Overview', slug: REFERENCE_SLUG, current: currentSlug === REFERENCE_SLUG },
    ...catalog.operations.map((entry) => ({ kind: 'link' as const, title: entry.title, slug: entry.slug, current: entry.slug === currentSlug })),
  ];
  return { kind: 'group', title: 'API reference', dropdown: true, open: links.some((link) => link.current), items: links, hidden: 0 };
}
