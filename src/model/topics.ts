/**
 * Topics: a version's nav.yml may group its entries into tabs (Guides, SDKs, API reference), each
 * with its own sidebar. A topic is a top-level section marked `topic`; the API reference is a
 * tab of its own, where `referenceTopic` puts it, else last. Pure.
 */
import { flattenPages } from './tree.ts';
import type { GeneratedTitleKey, NavNode, ReferenceTopic, Section } from './types.ts';

export interface TopicTab {
  title: string;
  /** A title the generator wrote (the API reference's, when nav.yml gives it none). */
  textKey?: GeneratedTitleKey;
  /** The page the tab opens: its topic's first page, or the reference's first. */
  slug: string;
  current: boolean;
}

/** The topics of a version's tree (as a reader sees it); none when its nav.yml does not use them. */
export function versionTopics(nav: readonly NavNode[]): Section[] {
  return nav.filter((node): node is Section => node.kind === 'section' && node.topic === true);
}

/** The topic a page belongs to: the outermost of its sections, when that is a topic. */
export function topicOf(ancestors: readonly Section[]): Section | undefined {
  return ancestors[0]?.topic ? ancestors[0] : undefined;
}

/** The generator's own pages under `/{version}/reference…` belong to the API reference's tab. */
export const isReferenceSlug = (slug: string, referenceSlug: string): boolean => slug === referenceSlug || slug.startsWith(`${referenceSlug}/`);

/**
 * The tabs of a version with topics, in nav.yml's order: each visible topic, and the API
 * reference (when the reader may see one) after the last visible topic nav.yml put before it.
 */
export function topicTabs(topics: readonly Section[], referenceTopic: ReferenceTopic | undefined, reference: { slug: string } | undefined, current: Section | 'reference' | undefined): TopicTab[] {
  const visible = topics.flatMap((topic) => {
    const first = flattenPages(topic.children)[0];
    return first ? [{ tab: { title: topic.title, slug: first.slug, current: current === topic }, at: topic.topicIndex ?? 0 }] : [];
  });
  const tabs: TopicTab[] = visible.map(({ tab }) => tab);
  if (!reference) return tabs;
  const referenceTab: TopicTab = { ...(referenceTopic ? { title: referenceTopic.title } : { title: 'API reference', textKey: 'reference.title' as const }), slug: reference.slug, current: current === 'reference' };
  const before = referenceTopic ? visible.filter(({ at }) => at < referenceTopic.topicIndex).length : tabs.length;
  return [...tabs.slice(0, before), referenceTab, ...tabs.slice(before)];
}
