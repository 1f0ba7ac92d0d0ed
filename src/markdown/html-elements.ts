/**
 * What the tag names of raw HTML in a page's Markdown mean to a browser, for the markup warnings
 * (markup-warnings.ts). Pure. A tag a page body cannot show is most often a placeholder written in
 * angle brackets (`<title>`, `<previous>`, `<path>`), which Markdown and MDX take for HTML.
 */

/** Elements of current HTML (the WHATWG index of elements) that a page body may hold, `svg` and `math` included. */
const BODY = new Set(
  (
    'a abbr address area article aside audio b bdi bdo blockquote br button canvas caption cite code col colgroup data datalist dd del details dfn ' +
    'dialog div dl dt em embed fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr i iframe img input ins kbd label legend li ' +
    'main map mark math menu meter nav noscript object ol optgroup option output p picture pre progress q rp rt ruby s samp script search section ' +
    'select selectedcontent slot small source span strong style sub summary sup svg table tbody td template textarea tfoot th thead time tr track ' +
    'u ul var video wbr'
  ).split(' '),
);

/**
 * Obsolete elements browsers still show the content of (`<center>`, `<tt>`, `<font>`): not what this
 * check is for. Other obsolete names (`<image>`, `<frame>`, `<keygen>`, `<plaintext>`) drop or swallow
 * text and count as unknown.
 */
const OBSOLETE_SHOWN = new Set('acronym big blink center dir font marquee nobr rb rtc strike tt'.split(' '));

/** Elements of a document's head or frame: in a page body the browser drops them, or (`<title>`) hides what follows. */
const DOCUMENT = new Set(['html', 'head', 'body', 'title', 'base', 'meta', 'link']);

/**
 * Elements whose content is not shown as the page: after an opening tag that nothing closes, the rest
 * of the page becomes the element's content (script source, an inert template, a text box's value).
 */
const TAKES_IN = new Set(['script', 'style', 'template', 'textarea', 'iframe', 'noscript', 'select']);

/** Elements whose content is raw text: a tag-like `<b` inside them is no tag. */
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript']);

/** `rel` keywords a `<link>` may carry in a page body (HTML's "body-ok" ones). */
const BODY_OK_REL = new Set(['dns-prefetch', 'modulepreload', 'pingback', 'preconnect', 'prefetch', 'preload', 'stylesheet']);

/**
 * Why the tag `name` (as written; HTML names are matched case-insensitively) shows nothing in a page
 * body: `document` for an element of a document's head or frame, `unknown` for a name HTML does not
 * have (not a custom element, whose name has a hyphen); undefined when the element is fine there.
 * `attribute` reads the tag's attributes: `<meta itemprop>` and a `<link>` with only body-ok `rel`
 * keywords (or an `itemprop`) belong in a body.
 */
export function tagProblem(name: string, attribute: (name: string) => string | undefined): 'document' | 'unknown' | undefined {
  const lower = name.toLowerCase();
  if (BODY.has(lower) || OBSOLETE_SHOWN.has(lower) || lower.includes('-')) return undefined;
  if (!DOCUMENT.has(lower)) return 'unknown';
  if ((lower === 'meta' || lower === 'link') && attribute('itemprop') !== undefined) return undefined;
  const rel = lower === 'link' ? attribute('rel')?.toLowerCase().split(/\s+/).filter(Boolean) : undefined;
  return rel && rel.length > 0 && rel.every((keyword) => BODY_OK_REL.has(keyword)) ? undefined : 'document';
}

/** Whether an opening tag of `name` that nothing closes takes in the rest of the page (`<script>`, `<template>`). */
export function takesIn(name: string): boolean {
  return TAKES_IN.has(name.toLowerCase());
}

/** Whether `name` opens foreign content (SVG or MathML), where other names are that language's own. */
export function isForeignRoot(name: string): boolean {
  const lower = name.toLowerCase();
  return lower === 'svg' || lower === 'math';
}

/** A tag in raw HTML: its name as written, where it starts in the HTML, and its attribute text. */
export interface HtmlTag {
  name: string;
  closing: boolean;
  selfClosing: boolean;
  index: number;
  attributes: string;
}

// A tag as CommonMark reads one: a letter, then letters, digits and hyphens; quoted attribute values may hold `>`.
const TAG = /<(\/?)([A-Za-z][A-Za-z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>|<!--[\s\S]*?(?:-->|$)/g;

/** The tags of a piece of raw HTML in order, without comments and without what raw-text elements (`<script>`, `<style>`) hold. */
export function htmlTags(html: string): HtmlTag[] {
  const tags: HtmlTag[] = [];
  TAG.lastIndex = 0;
  for (let match = TAG.exec(html); match; match = TAG.exec(html)) {
    const name = match[2];
    if (name === undefined) continue;
    const tag = { name, closing: match[1] === '/', selfClosing: match[4] === '/', index: match.index, attributes: match[3] ?? '' };
    tags.push(tag);
    if (!tag.closing && RAW_TEXT.has(name.toLowerCase())) {
      const end = html.toLowerCase().indexOf(`</${name.toLowerCase()}`, TAG.lastIndex);
      TAG.lastIndex = end === -1 ? html.length : end;
    }
  }
  return tags;
}

/** The value of attribute `name` in a tag's attribute text: '' for a bare attribute, undefined when absent. */
export function attributeOf(attributes: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|\\s)${name}(?:\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s"'=<>\`]+)))?(?=\\s|/|$)`, 'i').exec(attributes);
  return match ? (match[1] ?? match[2] ?? match[3] ?? '') : undefined;
}
