/**
 * Full-text search over the documents one role set may read, with MiniSearch: built in memory on
 * the server (or in the stdio process) from readable documents only, so an index never holds text
 * its readers may not see, and never reaches a browser. Titles weigh most, then descriptions.
 */
import MiniSearch from 'minisearch';
import type { AgentDoc } from './corpus.ts';

interface SearchHit {
  version: string;
  /** Translations only. */
  locale?: string;
  title: string;
  url: string;
  markdownUrl: string;
  slug: string;
  kind: AgentDoc['kind'];
  score: number;
  snippet: string;
}

export interface DocsSearch {
  /** Ranked hits in `versionId` (every version when undefined) and `locale` (the default locale's documents when undefined), at most `limit`. */
  search(query: string, options: { versionId?: string | undefined; locale?: string | undefined; limit: number }): SearchHit[];
}

interface Indexed {
  id: number;
  title: string;
  description: string;
  text: string;
}

const SNIPPET_CHARS = 240;

export function createSearch(docs: readonly AgentDoc[]): DocsSearch {
  const index = new MiniSearch<Indexed>({ fields: ['title', 'description', 'text'], idField: 'id' });
  index.addAll(docs.map((doc, id) => ({ id, title: doc.title, description: doc.description, text: bodyText(doc.markdown) })));
  // One-line body text for snippets, made the first time a document is a hit.
  const plain = new Map<number, { text: string; lower: string }>();
  const plainText = (id: number) => {
    let found = plain.get(id);
    if (found === undefined) {
      const text = bodyText(docs[id]!.markdown).replace(/\s+/g, ' ').trim();
      found = { text, lower: text.toLowerCase() };
      plain.set(id, found);
    }
    return found;
  };
  return {
    search(query, { versionId, locale, limit }) {
      const options = {
        boost: { title: 4, description: 2 },
        prefix: (term: string) => term.length > 2,
        // Typos in longer words only, at most two edits: fuzzy matching is most of a search's cost.
        fuzzy: (term: string) => (term.length > 4 ? 0.2 : false),
        maxFuzzy: 2,
        // One locale at a time: a translation never crowds out its original (or the reverse).
        filter: (result: { id: unknown }) => {
          const doc = docs[result.id as number]!;
          return doc.locale === locale && (versionId === undefined || doc.versionId === versionId);
        },
      };
      // Any term may match; documents matching more of them (and in their titles) rank first.
      const results = index.search(query, options);
      return results.slice(0, limit).map((result) => {
        const id = result.id as number;
        const doc = docs[id]!;
        return { version: doc.versionId, ...(doc.locale ? { locale: doc.locale } : {}), title: doc.title, url: doc.url, markdownUrl: doc.markdownUrl, slug: doc.slug, kind: doc.kind, score: Math.round(result.score * 100) / 100, snippet: snippet(plainText(id), doc.description, result.terms) };
      });
    },
  };
}

/** The Markdown without its title and description lines (they are indexed as fields). */
function bodyText(markdown: string): string {
  return markdown.replace(/^# .*\n(\n> .*\n)?/, '');
}

/** About SNIPPET_CHARS of the body around the first matched term. */
function snippet({ text, lower }: { text: string; lower: string }, description: string, terms: readonly string[]): string {
  const at = terms.map((term) => lower.indexOf(term.toLowerCase())).filter((index) => index >= 0).sort((a, b) => a - b)[0];
  if (at === undefined) return text.slice(0, SNIPPET_CHARS) || description;
  const start = Math.max(0, at - SNIPPET_CHARS / 3);
  const end = Math.min(text.length, start + SNIPPET_CHARS);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}
