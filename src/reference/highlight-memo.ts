/**
 * Highlighted code blocks remembered for the rest of a build, by language and code: the API
 * reference shows the same response example on many operation pages (GitHub's list endpoints
 * share their examples; about a third of the highlighted bytes of a GitHub reference repeat),
 * and Shiki's tokenising is the cost. Bounded by the characters held, oldest first out.
 */
export interface HighlightMemo {
  get(key: string): string | undefined;
  remember(key: string, html: string): void;
}

/** A memo of at most `maxChars` characters of keys and HTML (first in, first out). Pure. */
export function highlightMemo(maxChars: number): HighlightMemo {
  const entries = new Map<string, string>();
  let held = 0;
  return {
    get: (key) => entries.get(key),
    remember(key, html) {
      const size = key.length + html.length;
      if (size > maxChars || entries.has(key)) return;
      entries.set(key, html);
      held += size;
      for (const [oldest, value] of entries) {
        if (held <= maxChars) break;
        entries.delete(oldest);
        held -= oldest.length + value.length;
      }
    },
  };
}

/** The key of a block: what decides its HTML (Code's props the reference uses). Pure. */
export const highlightKey = (lang: string, code: string): string => `${lang}\u0000${code}`;

/** The build's memo of the API reference's highlighted response examples: 8 million characters at most. */
export const referenceHighlights = highlightMemo(8_000_000);
