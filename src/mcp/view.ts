/**
 * The corpus as one reader sees it, by exactly the rules of the site: a document is readable
 * when `accessTo` allows it (public, or a signed-in reader holding its roles), and the nav tree
 * is `readerView`'s. Readers with the same roles share one view (and one search index). Pure.
 */
import { accessTo, readerView, rolesKey, type Reader } from '../model/access.ts';
import { defaultVersion } from '../model/site-index.ts';
import type { NavNode, Version } from '../model/types.ts';
import type { AgentCorpus, AgentDoc } from './corpus.ts';
import { createSearch, type DocsSearch } from './search.ts';

export interface AgentVersion {
  version: Version;
  nav: NavNode[];
  docs: AgentDoc[];
  /** Readable documents by slug. */
  bySlug: ReadonlyMap<string, AgentDoc>;
}

export interface AgentView {
  corpus: AgentCorpus;
  versions: AgentVersion[];
  byId: ReadonlyMap<string, AgentVersion>;
  /** The version searches and lists use unless asked otherwise (the site's default version). */
  defaultVersionId: string | undefined;
  search: DocsSearch;
  /** true for anonymous readers: what the static site shows anyone. */
  anonymous: boolean;
  /** Readable translations: locale → version → slug (every locale of the site, empty when it has none readable). */
  locales: ReadonlyMap<string, ReadonlyMap<string, ReadonlyMap<string, AgentDoc>>>;
  /** Each locale's navigation tree as this reader sees it: locale → version → nav. */
  localeNavs: ReadonlyMap<string, ReadonlyMap<string, NavNode[]>>;
}

export function agentView(corpus: AgentCorpus, reader: Reader | undefined): AgentView {
  const readable = corpus.docs.filter((doc) => accessTo(doc, reader) === 'allow');
  const nav = readerView(corpus.model, reader);
  const versions = nav.versions.map((site): AgentVersion => {
    const docs = readable.filter((doc) => doc.versionId === site.version.id && doc.locale === undefined);
    return { version: site.version, nav: site.nav, docs, bySlug: new Map(docs.map((doc) => [doc.slug, doc])) };
  });
  const locales = new Map<string, Map<string, Map<string, AgentDoc>>>();
  for (const locale of corpus.model.locales ?? []) locales.set(locale.locale.id, new Map());
  for (const doc of readable) {
    if (doc.locale === undefined) continue;
    const byVersion = locales.get(doc.locale) ?? new Map<string, Map<string, AgentDoc>>();
    locales.set(doc.locale, byVersion);
    const bySlug = byVersion.get(doc.versionId) ?? new Map<string, AgentDoc>();
    byVersion.set(doc.versionId, bySlug);
    bySlug.set(doc.slug, doc);
  }
  const localeNavs = new Map((nav.locales ?? []).map((locale) => [locale.locale.id, new Map(locale.versions.map((site) => [site.version.id, site.nav]))]));
  return {
    corpus,
    locales,
    localeNavs,
    versions,
    byId: new Map(versions.map((entry) => [entry.version.id, entry])),
    defaultVersionId: defaultVersion(corpus.model)?.id,
    search: createSearch(readable),
    anonymous: reader === undefined,
  };
}

/** Views by role set, built on first use. */
export function agentViews(corpus: AgentCorpus): (reader: Reader | undefined) => AgentView {
  const views = new Map<string, AgentView>();
  return (reader) => {
    const key = reader ? `roles:${rolesKey(reader.roles)}` : 'anonymous';
    let view = views.get(key);
    if (!view) {
      view = agentView(corpus, reader);
      views.set(key, view);
    }
    return view;
  };
}
