/**
 * What changed in an event API between two descriptions that @asyncapi/diff cannot compare (their
 * AsyncAPI versions differ, as when a team moves from 2.6 to 3.0 between two doc versions, or it
 * fails on them, as on a recursive schema): compared on the one shape both are read into
 * (types.ts), operation by operation, from the reader's side. Operations are the same when they
 * have the same id, else the same action on the same address (pairOperations); messages when
 * they have the same id, else the same name, else in order when one is unnamed. Payloads
 * and headers are judged by the API changelog's own rules (src/reference/change-rules.ts), the
 * reader sending what a `send` operation carries and receiving the rest. Servers, bindings and
 * security are not compared. Pure.
 */
import { code, type Side } from '../reference/change-rules.ts';
import { schemaReader } from '../reference/flat-schema.ts';
import { diffSchema } from '../reference/schema-changes.ts';
import type { EventApi, EventMessage, EventOperation, JsonSchema } from './types.ts';
import type { EventChange } from './changes.ts';

/** Breaking for a reader on either side, or only for one who receives the message. */
const EVENT_RULES = {
  'operation-added': { sent: false, received: false },
  'operation-removed': { sent: true, received: true },
  'action-changed': { sent: true, received: true },
  'address-changed': { sent: true, received: true },
  // A receiver may not be written for a message it never got before; a sender just has one more choice.
  'message-added': { sent: false, received: true },
  'message-removed': { sent: true, received: true },
  // A reply the reader now gets is a message it was not written for; one it must now send, a new duty.
  'reply-added': { sent: true, received: true },
  'reply-removed': { sent: true, received: true },
} as const;

type EventRule = keyof typeof EVENT_RULES;

const change = (rule: EventRule, side: Side, action: EventChange['action'], text: string): EventChange => ({ kind: EVENT_RULES[rule][side] ? 'breaking' : 'non-breaking', action, path: '', text });

const sideOf = (operation: EventOperation): Side => (operation.action === 'send' ? 'sent' : 'received');
const opposite = (side: Side): Side => (side === 'sent' ? 'received' : 'sent');

const addressOf = (api: EventApi, operation: EventOperation) => api.channels.find((channel) => channel.id === operation.channel)?.address;

/**
 * Each current operation's previous self: the one of the same id, else one doing the same on the
 * same address that no current operation keeps by its id. Ids are matched first, so that an
 * operation split in two keeps its old self under its id and the other half is new.
 */
function pairOperations(previous: EventApi, current: EventApi): Map<EventOperation, EventOperation> {
  const pairs = new Map<EventOperation, EventOperation>();
  for (const operation of current.operations) {
    const before = previous.operations.find((candidate) => candidate.id === operation.id);
    if (before) pairs.set(operation, before);
  }
  const taken = new Set(pairs.values());
  const currentIds = new Set(current.operations.map((operation) => operation.id));
  for (const operation of current.operations) {
    const address = addressOf(current, operation);
    if (pairs.has(operation) || address === undefined) continue;
    const before = previous.operations.find((candidate) => !taken.has(candidate) && !currentIds.has(candidate.id) && candidate.action === operation.action && addressOf(previous, candidate) === address);
    if (before === undefined) continue;
    pairs.set(operation, before);
    taken.add(before);
  }
  return pairs;
}

/** Every change from `previous` to `current`, in the current description's order, removed operations last. */
export function modelChanges(previous: EventApi, current: EventApi): EventChange[] {
  const pairs = pairOperations(previous, current);
  const matched = new Set(pairs.values());
  const changes: EventChange[] = [];
  for (const operation of current.operations) {
    const before = pairs.get(operation);
    const name = `Operation ${code(operation.id)}`;
    if (before === undefined) {
      changes.push(change('operation-added', sideOf(operation), 'add', `${name} added.`));
      continue;
    }
    if (before.action !== operation.action) {
      changes.push(change('action-changed', 'sent', 'edit', `${name}: the reader ${operation.action === 'send' ? 'now sends' : 'now receives'} it (it used to ${before.action}).`));
      continue;
    }
    const [oldAddress, newAddress] = [addressOf(previous, before), addressOf(current, operation)];
    if (oldAddress !== newAddress) changes.push(change('address-changed', sideOf(operation), 'edit', `${name}: its address changed from ${code(oldAddress ?? '(none)')} to ${code(newAddress ?? '(none)')}.`));
    changes.push(...messageChanges(before.messages, operation.messages, sideOf(operation), name));
    changes.push(...replyChanges(before, operation, name));
  }
  for (const operation of previous.operations) if (!matched.has(operation)) changes.push(change('operation-removed', sideOf(operation), 'remove', `Operation ${code(operation.id)} removed.`));
  return changes;
}

function replyChanges(before: EventOperation, after: EventOperation, name: string): EventChange[] {
  const side = opposite(sideOf(after));
  if (!before.reply && after.reply) return [change('reply-added', side, 'add', `${name}: a reply added.`)];
  if (before.reply && !after.reply) return [change('reply-removed', side, 'remove', `${name}: its reply removed.`)];
  if (!before.reply || !after.reply) return [];
  return messageChanges(before.reply.messages, after.reply.messages, side, `${name}, its reply`);
}

/** A message the description gives no name: the parser numbers it (`<anonymous-message-1>`). */
const isAnonymous = (message: EventMessage) => message.id.startsWith('<anonymous-');

/**
 * Messages matched by id, else by name, else (a message left unnamed in one version and named in
 * the other) the leftovers in order; each pair's payload and headers compared for `side`.
 */
function messageChanges(before: readonly EventMessage[], after: readonly EventMessage[], side: Side, name: string): EventChange[] {
  const pairs = new Map<EventMessage, EventMessage>();
  const free = new Set(before);
  const take = (message: EventMessage, test: (candidate: EventMessage) => boolean) => {
    const old = [...free].find(test);
    if (old === undefined) return;
    pairs.set(message, old);
    free.delete(old);
  };
  for (const message of after) take(message, (candidate) => candidate.id === message.id);
  for (const message of after) if (!pairs.has(message)) take(message, (candidate) => candidate.name !== undefined && candidate.name === message.name);
  for (const message of after) if (!pairs.has(message)) take(message, (candidate) => isAnonymous(candidate) || isAnonymous(message));
  const changes: EventChange[] = [];
  for (const message of after) {
    const old = pairs.get(message);
    if (old === undefined) {
      changes.push(change('message-added', side, 'add', `${name}: message ${code(message.id)} added.`));
      continue;
    }
    for (const part of ['payload', 'headers'] as const) {
      const where = `the ${part} of message ${code(message.id)}`;
      for (const detail of compareSchemas(old[part], message[part], side, where)) changes.push({ kind: detail.breaking ? 'breaking' : 'non-breaking', action: 'edit', path: '', text: `${name}: ${detail.text}` });
    }
  }
  for (const message of free) changes.push(change('message-removed', side, 'remove', `${name}: message ${code(message.id)} removed.`));
  return changes;
}

/** Schemas arrive with their references resolved: nothing is left to look up. */
function compareSchemas(before: JsonSchema | undefined, after: JsonSchema | undefined, side: Side, where: string) {
  if (before === undefined && after === undefined) return [];
  const reader = schemaReader(() => undefined);
  return diffSchema(before ?? {}, after ?? {}, { side, where, before: reader, after: reader });
}
