/**
 * Canaries of an AsyncAPI description that only some readers may read (an event API gated by
 * roles): what descriptionCanaries takes from any description (titles, summaries, descriptions,
 * examples, enum values, `operationId`s of AsyncAPI 2), plus the names a page of it shows that
 * description has no key for: the operations' ids (the keys of `operations` in AsyncAPI 3) and the
 * messages' names (their keys under `components/messages` and a channel's `messages`, and their
 * `name`), verbatim when they are not one plain word (camelCase, or with `_`, `-` or a digit). Pure.
 */
import { escapePointerSegment } from '../openapi/pointer.ts';
import { descriptionCanaries, findCanaries, type Canary } from './description-canaries.ts';

/** As descriptionCanaries: shortest canary, and a name that is not one plain word (camelCase, `_`, `-` or a digit). */
const MIN_LENGTH = 10;
const DISTINCTIVE_NAME = /[a-z][A-Z]|[_\-\d]/;

export function eventDescriptionCanaries(document: unknown, publicText: string): Canary[] {
  const found = descriptionCanaries(document, publicText);
  const taken = new Set(found.map((canary) => canary.text));
  const names = eventNames(document).filter((canary) => canary.text.length >= MIN_LENGTH && DISTINCTIVE_NAME.test(canary.text) && !taken.has(canary.text) && taken.add(canary.text));
  const open = new Set(findCanaries(publicText, names));
  return [...found, ...names.filter((canary) => !open.has(canary))];
}

/** The operations' ids and the messages' names of a description, each with its JSON Pointer. */
function eventNames(document: unknown): Canary[] {
  const root = record(document);
  const names: Canary[] = Object.keys(record(root.operations)).map((id) => ({ text: id, kind: 'operation id', pointer: `/operations/${escapePointerSegment(id)}` }));
  const messages = (map: unknown, at: string) => {
    for (const [key, message] of Object.entries(record(map))) {
      names.push({ text: key, kind: 'message name', pointer: `${at}/${escapePointerSegment(key)}` });
      const { name } = record(message);
      if (typeof name === 'string') names.push({ text: name, kind: 'message name', pointer: `${at}/${escapePointerSegment(key)}/name` });
    }
  };
  messages(record(root.components).messages, '/components/messages');
  for (const [key, channel] of Object.entries(record(root.channels))) messages(record(channel).messages, `/channels/${escapePointerSegment(key)}/messages`);
  return names;
}

function record(value: unknown): Record<string, unknown> {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}
