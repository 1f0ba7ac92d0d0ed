/**
 * Full-text search over the documents one role set may read, with MiniSearch: built in memory on
 * the server (or in the stdio process) from readable documents only, so an index never holds text
 * its readers may not see, and never reaches a browser. Titles weigh most, then descriptions.
 */
import MiniSearch from 'minisearch';
import type { AgentDoc } from './corpus.ts';

interface SearchHit {
  version: string;
  title: string;
  url: string;
  markdownUrl: string;
  slug: string;
  kind: AgentDoc['kind'];
  score: number;
  snippet: string;
}

export interface DocsSearch {
  /** Ranked hits in `versionId` (every version when undefined), at most `limit`. */
  search(query: string, options: { versionId?: string | undefined; limit: number }): SearchHit[];
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
  return {
    search(query, { versionId, limit }) {
      const results = index.search(query, {
        boost: { title: 4, description: 2 },
        prefix: (term) => term.length > 2,
        fuzzy: (term) => (term.length > 4 ? 0.2 : false),
        combineWith: 'AND',
        ...(versionId === undefined ? {} : { filter: (result) => docs[result.id as number]!.versionId === versionId }),
      });
      // Every term must match somewhere; when none does, fall back to any term.
      const ranked = results.length > 0 ? results : index.search(query, { boost: { title: 4, description: 2 }, prefix: (term) => term.length > 2, ...(versionId === undefined ? {} : { filter: (result) => docs[result.id as number]!.versionId === versionId }) });
      return ranked.slice(0, limit).map((result) => {
        const doc = docs[result.id as number]!;
        return { version: doc.versionId, title: doc.title, url: doc.url, markdownUrl: doc.markdownUrl, slug: doc.slug, kind: doc.kind, score: Math.round(result.score * 100) / 100, snippet: snippet(doc, result.terms) };
      });
    },
  };
}

/** The Markdown without its title and description lines (they are indexed as fields). */
function bodyText(markdown: string): string {
  return markdown.replace(/^# .*\n(\n> .*\n)?/, '');
}

/** About SNIPPET_CHARS of the body around the first matched term, on one line. */
function snippet(doc: AgentDoc, terms: readonly string[]): string {
  const text = bodyText(doc.markdown).replace(/\s+/g, ' ').trim();
  const lower = text.toLowerCase();
  const at = terms.map((term) => lower.indexOf(term.toLowerCase())).filter((index) => index >= 0).sort((a, b) => a - b)[0];
  if (at === undefined) return text.slice(0, SNIPPET_CHARS) || doc.description;
  const start = Math.max(0, at - SNIPPET_CHARS / 3);
  const end = Math.min(text.length, start + SNIPPET_CHARS);
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}
