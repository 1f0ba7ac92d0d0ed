/**
 * Canaries of a private API description: distinctive strings taken from the description itself
 * (titles, summaries, descriptions, enum values, defaults, consts, `x-` extensions, and examples,
 * which also seed the sandbox), so that the leak guard can tell when any of it reached a public
 * file. Each is a stretch of the string that the site's rewrites leave as it is (HTML escaping,
 * JSON, smartypants, compressHTML), plus the URL-encoded spellings of values a query may carry.
 * Pure, and bounded: at most `MAX_CANARIES` per description, found in one pass over a text.
 */
import { escapePointerSegment } from '../openapi/pointer.ts';

export interface Canary {
  text: string;
  kind: 'title' | 'summary' | 'description' | 'enum value' | 'example' | 'default' | 'const' | 'extension' | 'path' | 'operation id' | 'message name';
  /** JSON Pointer of the string in the description. */
  pointer: string;
  /** Set when `text` is the string as a URL or a form writes it (`salt%20and%20spice`, `salt+and+spice`). */
  spelling?: 'URL-encoded' | 'form-encoded';
}

/** At most this many canaries per description (encoded spellings included): beyond, a sample spread over it. */
export const MAX_CANARIES = 2000;
/** Shortest canary. */
const MIN_LENGTH = 10;
/** Longer strings are cut: a leak copies the whole string, so its start is enough. */
const MAX_LENGTH = 64;
/** Characters kept verbatim in HTML, JSON, JavaScript strings and Markdown: a canary made of them reads the same in any output. */
const VERBATIM_RUN = /[A-Za-z0-9][A-Za-z0-9 ,.;:()/_-]*/g;
/**
 * Where a verbatim run is cut even so: what Astro's smartypants rewrites (`--`, `---` into dashes,
 * `...` and `. . .` into an ellipsis; the quotes it curls are outside runs already) and the runs
 * of spaces compressHTML collapses into one.
 */
const REWRITTEN = /-{2,}|(?: ?\.){3,}| {2,}/;
/** In prose, Markdown also rewrites `_emphasis_` (an underscore at a word's edge). */
const REWRITTEN_IN_PROSE = /-{2,}|(?: ?\.){3,}| {2,}|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])/;
/** A Markdown link's target (`](url)`): the page shows the link text, not the run it forms with the text after it. */
const LINK_TARGET = /\]\([^)]*\)/g;
/** Values that name no content of the description: URLs, media types, dates and times, UUIDs. */
const GENERIC_VALUE = /:\/\/|^[a-z]+\/[a-z0-9.+-]+$|^\d{4}-\d{2}-\d{2}|^\d{2}:\d{2}|^[0-9a-f]{8}-[0-9a-f]{4}-/i;
/** A value that is one plain word is a canary only when no script is likely to hold it too: capitals only, 10 or more. */
const DISTINCTIVE_WORD = /^[A-Z]{10,}$/;
/** A path template is a canary when it has two segments or more (`/orders/{orderId}`), so `/health`-like paths are left out. */
const DISTINCTIVE_PATH = /^\/[^/]+\/[^/]/;
/** An operationId is a canary when it is not one plain word: camelCase, or with `_`, `-` or a digit (`listOrderFills`). */
const DISTINCTIVE_ID = /[a-z][A-Z]|[_\-\d]/;
/** Kinds whose strings are prose (Markdown, with a space), not values. */
const PROSE = new Set<Canary['kind']>(['summary', 'description']);
/** Kinds whose strings a query or a form may carry, so their encoded spellings are canaries too. */
const QUERY_VALUES = new Set<Canary['kind']>(['enum value', 'example', 'default', 'const']);

/**
 * The canaries of one description: its summaries and descriptions (prose with at least one
 * space); and its titles, enum values, defaults, consts, `x-` extension strings and example
 * strings when they hold a space, `_`, `-` or a digit, or are one word in capitals of 10 or
 * more (so plain words such as `pending`, which any script may hold, are left out); its path
 * templates of two segments or more and its operationIds that are not one plain word (the
 * console's route table names both), verbatim, 10 characters or more. Each other string is the
 * longest stretch of the string that the rewrites above leave alone, 10 to 64 characters; a
 * value a URL would encode also counts in its `%20` and `+` spellings. Strings that also occur
 * in `publicText` are not canaries.
 */
export function descriptionCanaries(document: unknown, publicText: string): Canary[] {
  const found = new Map<string, Canary>();
  const add = (value: string, kind: Canary['kind'], pointer: string) => {
    const prose = PROSE.has(kind);
    const run = longestRun(value, prose);
    if (run.length < MIN_LENGTH || (prose ? !run.includes(' ') : (!/[\s_\-\d]/.test(run) && !DISTINCTIVE_WORD.test(run)) || GENERIC_VALUE.test(run))) return;
    const text = run.slice(0, MAX_LENGTH).trimEnd();
    if (!found.has(text)) found.set(text, { text, kind, pointer });
  };
  const strings = (node: unknown, kind: Canary['kind'], pointer: string) => {
    if (typeof node === 'string') add(node, kind, pointer);
    else if (node && typeof node === 'object') for (const [key, value] of Object.entries(node)) strings(value, kind, `${pointer}/${escapePointerSegment(key)}`);
  };
  const addVerbatim = (value: string, kind: Canary['kind'], pointer: string, distinctive: RegExp) => {
    const text = value.slice(0, MAX_LENGTH);
    if (text.length >= MIN_LENGTH && distinctive.test(text) && !found.has(text)) found.set(text, { text, kind, pointer });
  };
  const visit = (node: unknown, pointer: string) => {
    if (!node || typeof node !== 'object') return;
    if (pointer === '/paths') for (const path of Object.keys(node)) addVerbatim(path, 'path', `/paths/${escapePointerSegment(path)}`, DISTINCTIVE_PATH);
    for (const [key, value] of Object.entries(node)) {
      const at = `${pointer}/${escapePointerSegment(key)}`;
      if (key === 'operationId' && typeof value === 'string') addVerbatim(value, 'operation id', at, DISTINCTIVE_ID);
      else if ((key === 'summary' || key === 'description' || key === 'title' || key === 'default' || key === 'const') && typeof value === 'string') add(value, key, at);
      else if (key === 'enum' && Array.isArray(value)) value.forEach((item, index) => typeof item === 'string' && add(item, 'enum value', `${at}/${index}`));
      else if (key === 'example' || key === 'examples' || key === 'x-examples') strings(value, 'example', at);
      else if (key.startsWith('x-')) strings(value, 'extension', at);
      else visit(value, at);
    }
  };
  visit(document, '');
  // Each string with its encoded spellings; a string public content holds is no canary in any spelling.
  const groups = [...found.values()].map((canary) => [canary, ...encodedSpellings(canary)]);
  const open = new Set(findCanaries(publicText, groups.flat()));
  return bounded(groups.filter(([canary]) => !open.has(canary!)).map((group) => group.filter((canary) => !open.has(canary))));
}

/** A value's spellings in a URL (`%20`) and in a form or query string (`+`), when they differ from it. */
function encodedSpellings(canary: Canary): Canary[] {
  if (!QUERY_VALUES.has(canary.kind)) return [];
  const url = encodeURIComponent(canary.text);
  const form = new URLSearchParams({ q: canary.text }).toString().slice(2);
  return [
    ...(url === canary.text ? [] : [{ ...canary, text: url, spelling: 'URL-encoded' as const }]),
    ...(form === canary.text || form === url ? [] : [{ ...canary, text: form, spelling: 'form-encoded' as const }]),
  ];
}

/** At most MAX_CANARIES in all: whole groups (a string and its spellings), evenly spread over the description. */
function bounded(groups: readonly Canary[][]): Canary[] {
  let count = Math.min(groups.length, MAX_CANARIES);
  for (;;) {
    const picked = Array.from({ length: count }, (_, index) => groups[Math.floor((index * groups.length) / count)]!).flat();
    if (picked.length <= MAX_CANARIES) return picked;
    // A group holds at most 3: drop enough groups to fit, and check again.
    count -= Math.ceil((picked.length - MAX_CANARIES) / 3);
  }
}

/** The canaries that occur in `text` (see canaryFinder). */
export function findCanaries<T extends { text: string }>(text: string, canaries: readonly T[]): T[] {
  return canaryFinder(canaries)(text);
}

/**
 * A finder of these canaries, built once for any number of texts. Each text takes one pass
 * (Rabin-Karp): a rolling hash of the 8 characters at each position is looked up among the
 * hashes of the canaries' first 8, and only the canaries that share it are compared whole.
 * Shorter canaries are looked for one by one.
 */
export function canaryFinder<T extends { text: string }>(canaries: readonly T[]): (text: string) => T[] {
  const short = canaries.filter((canary) => canary.text.length < WINDOW);
  const byHash = new Map<number, T[]>();
  for (const canary of canaries) {
    if (canary.text.length < WINDOW) continue;
    const hash = windowHash(canary.text) & KEY_MASK;
    const bucket = byHash.get(hash);
    if (bucket) bucket.push(canary);
    else byHash.set(hash, [canary]);
  }
  return (text) => {
    const seen = new Set<T>(short.filter((canary) => text.includes(canary.text)));
    if (byHash.size === 0 || text.length < WINDOW) return canaries.filter((canary) => seen.has(canary));
    let hash = windowHash(text);
    for (let at = 0; ; at += 1) {
      const bucket = byHash.get(hash & KEY_MASK);
      if (bucket) for (const canary of bucket) if (!seen.has(canary) && text.startsWith(canary.text, at)) seen.add(canary);
      if (at + WINDOW >= text.length) break;
      // Slide the window one character: drop text[at], take text[at + WINDOW] (32-bit arithmetic, wrapping).
      hash = (Math.imul(hash - Math.imul(text.charCodeAt(at), HIGHEST), BASE) + text.charCodeAt(at + WINDOW)) | 0;
    }
    return seen.size === 0 ? [] : canaries.filter((canary) => seen.has(canary));
  };
}

const WINDOW = 8;
const BASE = 257;
/** BASE^(WINDOW-1), wrapped to 32 bits: the weight of the character leaving the window. */
const HIGHEST = Array.from({ length: WINDOW - 1 }).reduce<number>((power) => Math.imul(power, BASE), 1);
/** Map keys stay small integers (V8's fast case). */
const KEY_MASK = 0x3fffffff;

/** The hash of the first WINDOW characters, in 32-bit arithmetic that wraps (as the rolling update does). */
function windowHash(text: string): number {
  let hash = 0;
  for (let index = 0; index < WINDOW; index += 1) hash = (Math.imul(hash, BASE) + text.charCodeAt(index)) | 0;
  return hash;
}

function longestRun(value: string, prose: boolean): string {
  let longest = '';
  for (const [run] of (prose ? value.replace(LINK_TARGET, ']') : value).matchAll(VERBATIM_RUN)) {
    for (const piece of run.split(prose ? REWRITTEN_IN_PROSE : REWRITTEN)) {
      // A piece starts where a run may (a letter or digit) and ends without spaces.
      const stretch = piece.replace(/^[^A-Za-z0-9]+/, '').trimEnd();
      if (stretch.length > longest.length) longest = stretch;
    }
  }
  return longest;
}
