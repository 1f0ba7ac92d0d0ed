/**
 * What Pagefind reads of a page that marks its indexed part with `data-pagefind-body`: that
 * element, the `<html>` tag (the language), the `<title>` and the `<meta>` tags carrying filters
 * or metadata. Pagefind reads nothing else of such a page (indexing this document writes the
 * same index as the whole page), so the search index's digest reads this: it changes only when
 * the index would (a sidebar or a header edit leaves it alone). Any page this cannot cut
 * safely (no body, several bodies, a Pagefind attribute outside the body on anything but a
 * `<meta>`) is returned whole. Pure.
 */
export function pagefindDocument(html: string): string {
  const marker = html.indexOf(BODY_ATTRIBUTE);
  if (marker < 0 || html.indexOf(BODY_ATTRIBUTE, marker + BODY_ATTRIBUTE.length) >= 0) return html;
  const body = bodyElement(html, marker);
  if (!body) return html;
  const outside = [html.slice(0, body.start), html.slice(body.end)];
  const metas: string[] = [];
  for (const part of outside) {
    for (const tag of tagsWithPagefindAttributes(part)) {
      if (!/^<meta\b/i.test(tag)) return html;
      metas.push(tag);
    }
  }
  const head = outside[0]!;
  const htmlTag = /<html\b[^>]*>/i.exec(head)?.[0] ?? '<html>';
  const title = /<title\b[^>]*>[\s\S]*?<\/title[\t\n\f\r ]*>/i.exec(head)?.[0] ?? '';
  return `<!doctype html>${htmlTag}<head>${title}${metas.join('')}</head><body>${html.slice(body.start, body.end)}</body></html>`;
}

const BODY_ATTRIBUTE = 'data-pagefind-body';
/**
 * HTML's whitespace between attributes, ASCII only (JavaScript's `\s` also takes U+00A0, which
 * HTML does not): pages are cut as Latin-1 too (search-index.ts), and only ASCII reads the same
 * in both.
 */
const SPACE = '[\\t\\n\\f\\r ]';
/** A start tag carrying the attribute (text that only names it does not count). */
const MARKED_BODY = new RegExp(`<[a-z][^<>]*${SPACE}${BODY_ATTRIBUTE}[\\t\\n\\f\\r =/>]`, 'iy');

/** Whether a page marks its indexed part: once one page does, Pagefind leaves out every page that does not. Pure. */
export function marksIndexedPart(html: string): boolean {
  // Tried only at each mention (in any case, as HTML reads attribute names), from the `<` before it,
  // where a tag holding it starts: not a tag-by-tag scan of the whole page.
  for (const mention of html.matchAll(BODY_MENTION)) {
    MARKED_BODY.lastIndex = Math.max(0, html.lastIndexOf('<', mention.index));
    if (MARKED_BODY.test(html)) return true;
  }
  return false;
}
const BODY_MENTION = new RegExp(BODY_ATTRIBUTE, 'gi');
/** A start tag, its quoted attribute values allowed to hold `>`. */
const START_TAG = /<([a-zA-Z][\w-]*)(?:[\t\n\f\r ]+[^\t\n\f\r "'>/=]+(?:[\t\n\f\r ]*=[\t\n\f\r ]*(?:"[^"]*"|'[^']*'|[^\t\n\f\r "'=<>`]+))?)*[\t\n\f\r ]*\/?>/y;

/** The element whose start tag holds the attribute at `marker`, from its `<` to the end of its end tag. */
function bodyElement(html: string, marker: number): { start: number; end: number } | undefined {
  const start = html.lastIndexOf('<', marker);
  START_TAG.lastIndex = start;
  const open = START_TAG.exec(html);
  if (!open || START_TAG.lastIndex <= marker) return undefined;
  const name = open[1]!.toLowerCase();
  // Comments and raw-text elements may hold anything, so they are stepped over whole.
  const tags = new RegExp(`<!--[\\s\\S]*?-->|<(script|style|textarea|title)\\b[^>]*>[\\s\\S]*?</\\1${SPACE}*>|<(/?)${name}(?=[\\t\\n\\f\\r />])`, 'gi');
  tags.lastIndex = START_TAG.lastIndex;
  let depth = 1;
  for (let match = tags.exec(html); match; match = tags.exec(html)) {
    if (match[2] === undefined) continue;
    depth += match[2] === '/' ? -1 : 1;
    if (depth === 0) {
      const close = html.indexOf('>', match.index);
      return close < 0 ? undefined : { start, end: close + 1 };
    }
  }
  return undefined;
}

/** The start tags of `html` holding a `data-pagefind-` attribute, in order. */
function tagsWithPagefindAttributes(html: string): string[] {
  const found: string[] = [];
  for (let at = html.indexOf('data-pagefind-'); at >= 0; at = html.indexOf('data-pagefind-', at + 1)) {
    const start = html.lastIndexOf('<', at);
    START_TAG.lastIndex = start;
    const tag = start >= 0 ? START_TAG.exec(html) : null;
    // Text that only mentions the attribute (not inside a tag) counts as a tag that is not a `<meta>`: the page stays whole.
    found.push(tag && START_TAG.lastIndex > at ? tag[0] : '');
  }
  return found;
}

/**
 * The `lang` of a cut document's `<html>` tag, lower case ('' without one). The document may be
 * read as Latin-1 (one character per byte): the value is decoded as the UTF-8 it is. Pure.
 */
export function documentLanguage(latin1Document: string): string {
  const value = /<html\b[^>]*?[\t\n\f\r ]lang[\t\n\f\r ]*=[\t\n\f\r ]*["']?([^"'\t\n\f\r >]*)/i.exec(latin1Document)?.[1];
  return value === undefined ? '' : Buffer.from(value, 'latin1').toString('utf8').toLowerCase();
}
