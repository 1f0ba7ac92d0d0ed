/**
 * What changed in an event API between two versions, as @asyncapi/diff classifies it (breaking,
 * non-breaking, unclassified), each change said in words: an operation, channel or message added
 * or removed, or a field of one changed. Node only (the diff reads the parser's documents).
 */
import { diff } from '@asyncapi/diff';

type EventChangeKind = 'breaking' | 'non-breaking' | 'unclassified';

export interface EventChange {
  kind: EventChangeKind;
  action: 'add' | 'remove' | 'edit';
  /** JSON Pointer into the description. */
  path: string;
  /** The change in words. */
  text: string;
}

export interface EventChanges {
  /** The version compared with; `asyncapi` when its AsyncAPI version differs from this one's. */
  previous: { id: string; label: string; asyncapi?: string | undefined };
  /** The version whose page lists the changes. */
  current: { id: string; label: string };
  /**
   * `asyncapi-diff`: by @asyncapi/diff, field by field; `operations`: on the shape both versions
   * are read into (model-changes.ts), when @asyncapi/diff cannot compare them.
   */
  comparedBy: 'asyncapi-diff' | 'operations';
  /** Why `operations`: the two are of different AsyncAPI versions, or @asyncapi/diff failed on them (a recursive schema overflows it). */
  fallback?: 'versions' | 'diff-failed' | undefined;
  changes: EventChange[];
}

/** Largest number of changes kept per API and version pair (a page of thousands helps nobody). */
export const MAX_CHANGES = 500;

const decode = (segment: string) => segment.replaceAll('~1', '/').replaceAll('~0', '~');
const VERBS = { add: 'added', remove: 'removed', edit: 'changed' } as const;

/** A change's JSON Pointer in words: what part of the description it is. Pure. */
export function describeChange(action: EventChange['action'], path: string): string {
  const parts = path.split('/').slice(1).map(decode);
  const verb = VERBS[action];
  const [area, name, kind, rest] = parts;
  if (area === 'operations' && name !== undefined) return parts.length === 2 ? `Operation \`${name}\` ${verb}.` : `Operation \`${name}\`: \`${parts.slice(2).join('.')}\` ${verb}.`;
  if (area === 'channels' && name !== undefined) {
    // 2.x: an operation sits on its channel (`publish`, `subscribe`).
    if ((kind === 'publish' || kind === 'subscribe') && parts.length === 3) return `Operation ${kind === 'publish' ? 'you send' : 'you receive'} on \`${name}\` ${verb}.`;
    if (kind === 'messages' && rest !== undefined && parts.length === 4) return `Message \`${rest}\` of channel \`${name}\` ${verb}.`;
    return parts.length === 2 ? `Channel \`${name}\` ${verb}.` : `Channel \`${name}\`: \`${parts.slice(2).join('.')}\` ${verb}.`;
  }
  if (area === 'components' && name === 'messages' && kind !== undefined) return parts.length === 3 ? `Message \`${kind}\` ${verb}.` : `Message \`${kind}\`: \`${parts.slice(3).join('.')}\` ${verb}.`;
  if (area === 'servers' && name !== undefined) return parts.length === 2 ? `Server \`${name}\` ${verb}.` : `Server \`${name}\`: \`${parts.slice(2).join('.')}\` ${verb}.`;
  return `\`${parts.join('.') || '(document)'}\` ${verb}.`;
}

interface DiffChange {
  action: 'add' | 'remove' | 'edit';
  path: string;
}

/** The changes from one description (the parser's resolved document) to the next; undefined when the diff cannot compare them. */
export function eventChanges(before: unknown, after: unknown): EventChange[] | undefined {
  let output: { breaking(): DiffChange[]; nonBreaking(): DiffChange[]; unclassified(): DiffChange[] };
  try {
    output = diff(before as never, after as never, {}) as never;
  } catch {
    return undefined;
  }
  const seen = new Set<string>();
  const of = (kind: EventChangeKind, list: DiffChange[]) =>
    list.filter(compared).flatMap((change) => {
      const text = describeChange(change.action, change.path);
      if (seen.has(text)) return [];
      seen.add(text);
      return [{ kind, action: change.action, path: change.path, text }];
    });
  return [...of('breaking', output.breaking()), ...of('non-breaking', output.nonBreaking()), ...of('unclassified', output.unclassified())].slice(0, MAX_CHANGES);
}

/** Prose and metadata, not the contract (as the OpenAPI changelog leaves them out). */
const PROSE = new Set(['description', 'summary', 'title', 'examples', 'externalDocs', 'tags']);

/**
 * Whether a change is one the changelog lists: not the parser's own marks (`x-parser-*`), not the
 * description's metadata (`/info`) or prose, and not a channel or message as an AsyncAPI 3
 * operation refers to it (`/operations/<id>/channel/…`, `…/messages/…`): the parser resolves those
 * references in place, so each change there repeats one listed under `/channels` or `/components`.
 */
function compared(change: DiffChange): boolean {
  const parts = change.path.split('/').slice(1).map(decode);
  if (parts.some((segment) => segment.startsWith('x-parser-')) || parts[0] === 'info') return false;
  if (parts.length > 1 && PROSE.has(parts.at(-1)!)) return false;
  if (parts[0] === 'operations' && parts.length > 3) {
    const within = parts[2] === 'reply' ? parts[3] : parts[2];
    if (within === 'channel' || within === 'messages') return false;
  }
  return true;
}
