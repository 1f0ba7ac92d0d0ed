/**
 * The reference pages of one event API: its overview at `reference/<id>`, a page per operation
 * at `reference/<id>/<operation>`, and the sidebar section that lists them, by channel. Pure.
 */
import type { Page, Section } from '../model/types.ts';
import type { ApiListEntry } from '../reference/markdown.ts';
import type { EventChanges } from './changes.ts';
import type { EventApi, EventChannel, EventOperation } from './types.ts';

export interface EventCatalog {
  id: string;
  /** `reference/<id>`: the overview's slug and every page's prefix. */
  base: string;
  title: string;
  api: EventApi;
  operations: Array<{ slug: string; operation: EventOperation }>;
  /** Its "Changes since" page, when an earlier version has the API. */
  changes?: { slug: string; title: string; changes: EventChanges } | undefined;
  /** The API's section of the sidebar. */
  nav: Section;
  /** Each page's enclosing sections, for the sidebar and breadcrumbs. */
  ancestors: Map<string, readonly Section[]>;
}

const pageNode = (slug: string, title: string): Page => ({ kind: 'page', slug, title, description: '', file: '', requires: [], public: true });
const sectionNode = (title: string, children: Section['children'], dropdown: boolean): Section => ({ kind: 'section', title, dropdown, requires: [], public: true, children });

/** The channel an operation works on, for grouping and for its page. */
export function channelOf(api: EventApi, operation: EventOperation): EventChannel | undefined {
  return api.channels.find((channel) => channel.id === operation.channel);
}

export function eventCatalog(id: string, title: string, api: EventApi, changes?: EventChanges): EventCatalog {
  const base = `reference/${id}`;
  const operations = api.operations.map((operation) => ({ slug: `${base}/${operation.slug}`, operation }));
  const changesPage = changes && { slug: `${base}/changes/${changes.previous.id}`, title: `Changes since ${changes.previous.label}`, changes };
  const root = sectionNode(title, [{ ...pageNode(base, 'Overview'), textKey: 'reference.overview' }, ...(changesPage ? [pageNode(changesPage.slug, changesPage.title)] : [])], true);
  const ancestors = new Map<string, readonly Section[]>([[base, [root]], ...(changesPage ? [[changesPage.slug, [root]] as const] : [])]);
  // One section per channel (named by its title, else its address, else its id), operations in the description's order.
  const byChannel = new Map<string, Section>();
  for (const { slug, operation } of operations) {
    const channel = channelOf(api, operation);
    const label = channel?.title ?? channel?.address ?? operation.channel ?? 'Other';
    let group = byChannel.get(label);
    if (!group) {
      group = sectionNode(label, [], api.operations.length > 30);
      byChannel.set(label, group);
      root.children.push(group);
    }
    group.children.push(pageNode(slug, operation.title));
    ancestors.set(slug, [root, group]);
  }
  return { id, base, title, api, operations, changes: changesPage, nav: root, ancestors };
}

/** An event API's entry in the version's list of APIs: its kind names the description and its servers' protocols. */
export function eventApiListEntry(catalog: EventCatalog): ApiListEntry {
  const protocols = [...new Set(catalog.api.servers.map((server) => server.protocol.toUpperCase()))];
  return {
    title: catalog.title,
    base: catalog.base,
    description: catalog.api.description ?? '',
    operations: catalog.operations.length,
    version: catalog.api.version,
    kind: `AsyncAPI ${catalog.api.asyncapi}${protocols.length > 0 ? ` over ${protocols.join(', ')}` : ''}`,
  };
}
