/**
 * Canaries of a private API description: distinctive strings taken from the description itself
 * (summaries, descriptions, enum values, and examples, which also seed the sandbox), so that the
 * leak guard can tell when any of it reached a public file. Pure, and bounded: at most
 * `MAX_CANARIES` per description, and finding them costs one pass over each file.
 */

export interface Canary {
  text: string;
  kind: 'summary' | 'description' | 'enum value' | 'example';
  /** JSON Pointer of the string in the description. */
  pointer: string;
}

/** Beyond this many candidates a description's canaries are a sample spread over it. */
export const MAX_CANARIES = 2000;
/** Shortest canary. */
const MIN_LENGTH = 10;
/** Longer strings are cut: a leak copies the whole string, so its start is enough. */
const MAX_LENGTH = 64;
/** Characters kept verbatim in HTML, JSON, JavaScript strings and Markdown: a canary made of them reads the same in any output. */
const VERBATIM_RUN = /[A-Za-z0-9][A-Za-z0-9 ,.;:()/_-]*/g;
/** Values that name no content of the description: URLs, media types, dates and times, UUIDs. */
const GENERIC_VALUE = /:\/\/|^[a-z]+\/[a-z0-9.+-]+$|^\d{4}-\d{2}-\d{2}|^\d{2}:\d{2}|^[0-9a-f]{8}-[0-9a-f]{4}-/i;

/**
 * The canaries of one description: its summaries and descriptions (prose with at least one space)
 * and its enum values and example strings (with a space, `_`, `-` or a digit, so plain words such
 * as `pending` that any script may hold are left out), each the longest verbatim run of the
 * string, 10 to 64 characters. Strings that also occur in `publicText` are not canaries.
 */
export function descriptionCanaries(document: unknown, publicText: string): Canary[] {
  const found = new Map<string, Canary>();
  const add = (value: string, kind: Canary['kind'], pointer: string) => {
    const run = longestRun(value);
    const prose = kind === 'summary' || kind === 'description';
    if (run.length < MIN_LENGTH || (prose ? !run.includes(' ') : !/[\s_\-\d]/.test(run) || GENERIC_VALUE.test(run))) return;
    const text = run.slice(0, MAX_LENGTH).trimEnd();
    if (!found.has(text)) found.set(text, { text, kind, pointer });
  };
  const examples = (node: unknown, pointer: string) => {
    if (typeof node === 'string') add(node, 'example', pointer);
    else if (node && typeof node === 'object') for (const [key, value] of Object.entries(node)) examples(value, `${pointer}/${escapePointer(key)}`);
  };
  const visit = (node: unknown, pointer: string) => {
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      const at = `${pointer}/${escapePointer(key)}`;
      if ((key === 'summary' || key === 'description') && typeof value === 'string') add(value, key, at);
      else if (key === 'enum' && Array.isArray(value)) value.forEach((item, index) => typeof item === 'string' && add(item, 'enum value', `${at}/${index}`));
      else if (key === 'example' || key === 'examples' || key === 'x-examples') examples(value, at);
      else visit(value, at);
    }
  };
  visit(document, '');
  const open = new Set(findCanaries(publicText, [...found.values()]));
  const all = [...found.values()].filter((canary) => !open.has(canary));
  if (all.length <= MAX_CANARIES) return all;
  return Array.from({ length: MAX_CANARIES }, (_, index) => all[Math.floor((index * all.length) / MAX_CANARIES)]!);
}

/**
 * The canaries that occur in `text`, in one pass (Rabin-Karp): a rolling hash of the 8
 * characters at each position is looked up among the hashes of the canaries' first 8, and only
 * the canaries that share it are compared whole. Shorter canaries are looked for one by one.
 */
export function findCanaries<T extends { text: string }>(text: string, canaries: readonly T[]): T[] {
  const seen = new Set<T>(canaries.filter((canary) => canary.text.length < WINDOW && text.includes(canary.text)));
  const byHash = new Map<number, T[]>();
  for (const canary of canaries) {
    if (canary.text.length < WINDOW) continue;
    const hash = windowHash(canary.text) & KEY_MASK;
    const bucket = byHash.get(hash);
    if (bucket) bucket.push(canary);
    else byHash.set(hash, [canary]);
  }
  if (byHash.size === 0 || text.length < WINDOW) return canaries.filter((canary) => seen.has(canary));
  let hash = windowHash(text);
  for (let at = 0; ; at += 1) {
    const bucket = byHash.get(hash & KEY_MASK);
    if (bucket) for (const canary of bucket) if (!seen.has(canary) && text.startsWith(canary.text, at)) seen.add(canary);
    if (at + WINDOW >= text.length) break;
    // Slide the window one character: drop text[at], take text[at + WINDOW] (32-bit arithmetic, wrapping).
    hash = (Math.imul(hash - Math.imul(text.charCodeAt(at), HIGHEST), BASE) + text.charCodeAt(at + WINDOW)) | 0;
  }
  return canaries.filter((canary) => seen.has(canary));
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

function longestRun(value: string): string {
  let longest = '';
  for (const [run] of value.matchAll(VERBATIM_RUN)) if (run.trimEnd().length > longest.length) longest = run.trimEnd();
  return longest;
}

function escapePointer(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}
