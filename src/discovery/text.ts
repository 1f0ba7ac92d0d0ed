const HTML_TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** Text as HTML element content (not for attribute values: quotes stay as they are). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>]/g, (char) => HTML_TEXT_ESCAPES[char]!);
}

/** Collapses every run of white space (line breaks included) to one space: text for one line of Markdown. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
