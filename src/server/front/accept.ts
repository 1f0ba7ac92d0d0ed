/**
 * Which representation of a documentation page a request's `Accept` header prefers (RFC 9110
 * §12.5.1). Pure. HTML wins every tie and every doubt: Markdown is served only when the client
 * ranks it strictly higher than HTML, so browsers (`text/html, …, *\/*;q=0.8`), `*\/*`, `text/*`,
 * unknown types and malformed headers all get the page.
 */
export type Representation = 'html' | 'markdown';

interface MediaRange {
  type: string;
  subtype: string;
  quality: number;
}

/** `text/x-markdown` is the unregistered name some clients still send. */
const MARKDOWN_TYPES = ['text/markdown', 'text/x-markdown'];

export function preferredRepresentation(accept: string | undefined): Representation {
  if (!accept) return 'html';
  const ranges = parseAccept(accept);
  const markdown = Math.max(...MARKDOWN_TYPES.map((type) => qualityOf(type, ranges)));
  return markdown > 0 && markdown > qualityOf('text/html', ranges) ? 'markdown' : 'html';
}

/** The media ranges of an Accept header; an entry that does not parse (bad type, bad `q`) is left out. */
function parseAccept(accept: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  for (const entry of accept.split(',')) {
    const [mediaType = '', ...parameters] = entry.split(';').map((part) => part.trim());
    const match = /^([a-z0-9!#$%&'*+.^_`|~-]+)\/([a-z0-9!#$%&'*+.^_`|~-]+)$/i.exec(mediaType);
    if (!match) continue;
    const [, type = '', subtype = ''] = match;
    if (type === '*' && subtype !== '*') continue;
    const quality = qualityParameter(parameters);
    if (quality === undefined) continue;
    ranges.push({ type: type.toLowerCase(), subtype: subtype.toLowerCase(), quality });
  }
  return ranges;
}

/** The `q` parameter (default 1); undefined when it is not a valid qvalue (0 to 1, at most three decimals). */
function qualityParameter(parameters: readonly string[]): number | undefined {
  const q = parameters.find((parameter) => /^q\s*=/i.test(parameter));
  if (q === undefined) return 1;
  const value = q.slice(q.indexOf('=') + 1).trim();
  return /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(value) ? Number(value) : undefined;
}

/** The quality the most specific matching range gives a media type (0 when none matches). */
function qualityOf(mediaType: string, ranges: readonly MediaRange[]): number {
  const [type, subtype] = mediaType.split('/');
  let best: { specificity: number; quality: number } = { specificity: -1, quality: 0 };
  for (const range of ranges) {
    const specificity = range.type === type && range.subtype === subtype ? 2 : range.type === type && range.subtype === '*' ? 1 : range.type === '*' ? 0 : -1;
    // Among equally specific ranges, the highest quality counts.
    if (specificity > best.specificity || (specificity === best.specificity && specificity >= 0 && range.quality > best.quality)) best = { specificity, quality: range.quality };
  }
  return best.specificity < 0 ? 0 : best.quality;
}
