/** Collapses every run of white space (line breaks included) to one space: text for one line of Markdown. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
