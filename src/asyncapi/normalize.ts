/**
 * An AsyncAPI description, as @asyncapi/parser resolved it (`document.json()`: references
 * replaced by the objects they name, so a recursive schema is a cycle), turned into the one shape
 * the engine reads (types.ts). 2.x and 3.x differ in where operations live and in which side an
 * action names: 2.x `publish` is what clients publish (the reader sends), `subscribe` what they
 * receive; 3.x `send` is what the application sends (the reader receives), `receive` what it
 * receives (the reader sends). Pure.
 */
import type { ChannelParameter, EventApi, EventChannel, EventMessage, EventOperation, EventSecurityScheme, EventServer, JsonSchema, MessageExample } from './types.ts';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string | undefined => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
const entries = (value: unknown): Array<[string, Json]> => (isObject(value) ? Object.entries(value).filter((entry): entry is [string, Json] => isObject(entry[1])) : []);

/** Deepest schema nesting kept; deeper parts become a note (a hostile description cannot make a page of unbounded size). */
const MAX_DEPTH = 24;

/** A resolved schema as plain JSON: the parser's `x-parser-*` marks dropped, a cycle or a too-deep part replaced by a note. */
export function plainSchema(value: unknown, path: readonly unknown[] = []): unknown {
  if (Array.isArray(value)) return value.map((item) => plainSchema(item, path));
  if (!isObject(value)) return value;
  if (path.includes(value)) return { $comment: `recursive: the same schema as ${String((value['x-parser-schema-id'] as string | undefined) ?? 'an enclosing one')}` };
  if (path.length >= MAX_DEPTH) return { $comment: 'nested too deep to show' };
  const inner = [...path, value];
  return Object.fromEntries(Object.entries(value).filter(([key]) => !key.startsWith('x-parser-')).map(([key, item]) => [key, plainSchema(item, inner)]));
}

const schemaOf = (value: unknown): JsonSchema | undefined => {
  if (!isObject(value)) return undefined;
  // 3.x: a multi-format schema object; only JSON-Schema-like formats are read as schemas.
  const schema = isObject(value['schema']) && typeof value['schemaFormat'] === 'string' ? value['schema'] : value;
  return plainSchema(schema) as JsonSchema;
};

/** `subscribeToMarket` -> `subscribe-to-market`: a URL segment. */
export function slugOf(name: string): string {
  const slug = name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '');
  return slug || 'operation';
}

function message(id: string, raw: Json, defaultContentType: string | undefined): EventMessage {
  const examples: MessageExample[] = Array.isArray(raw['examples'])
    ? raw['examples'].filter(isObject).map((example) => ({ name: text(example['name']), summary: text(example['summary']), payload: plainSchema(example['payload']), headers: isObject(example['headers']) ? (plainSchema(example['headers']) as Json) : undefined }))
    : [];
  const correlation = isObject(raw['correlationId']) && typeof raw['correlationId']['location'] === 'string' ? { location: raw['correlationId']['location'], description: text(raw['correlationId']['description']) } : undefined;
  return {
    id,
    name: text(raw['name']),
    title: text(raw['title']),
    summary: text(raw['summary']),
    description: text(raw['description']),
    contentType: text(raw['contentType']) ?? defaultContentType,
    payload: schemaOf(raw['payload']),
    headers: schemaOf(raw['headers']),
    correlationId: correlation,
    examples,
  };
}

function parameters(raw: unknown): ChannelParameter[] {
  return entries(raw).map(([name, parameter]) => {
    // 2.x puts enum/default/examples in a schema; 3.x on the parameter itself.
    const schema = isObject(parameter['schema']) ? parameter['schema'] : parameter;
    const list = (value: unknown) => (Array.isArray(value) ? value.map(String) : undefined);
    return { name, description: text(parameter['description']), enum: list(schema['enum']), default: schema['default'] === undefined ? undefined : String(schema['default']), examples: list(schema['examples'] ?? parameter['examples']) };
  });
}

function securityIds(raw: unknown, schemes: ReadonlyMap<unknown, string>): string[][] {
  if (!Array.isArray(raw)) return [];
  return raw.map((requirement) => {
    // 3.x lists the scheme objects themselves; 2.x maps scheme names to scopes.
    if (isObject(requirement) && schemes.has(requirement)) return [schemes.get(requirement)!];
    return isObject(requirement) ? Object.keys(requirement) : [];
  });
}

function securitySchemes(document: Json): { list: EventSecurityScheme[]; byObject: Map<unknown, string> } {
  const components = isObject(document['components']) ? document['components'] : {};
  const list = entries(components['securitySchemes']).map(([id, scheme]) => ({ id, type: String(scheme['type'] ?? 'unknown'), description: text(scheme['description']), in: text(scheme['in']), name: text(scheme['name']), scheme: text(scheme['scheme']) }));
  return { list, byObject: new Map(entries(components['securitySchemes']).map(([id, scheme]) => [scheme, id])) };
}

function servers(document: Json, major: number, schemes: ReadonlyMap<unknown, string>): EventServer[] {
  return entries(document['servers']).map(([id, server]) => {
    const protocol = String(server['protocol'] ?? '');
    const url = major >= 3 ? `${protocol}://${String(server['host'] ?? '')}${text(server['pathname']) ?? ''}` : /^[a-z][a-z0-9+.-]*:\/\//i.test(String(server['url'] ?? '')) ? String(server['url']) : `${protocol}://${String(server['url'] ?? '')}`;
    return { id, url, protocol, protocolVersion: text(server['protocolVersion']), description: text(server['description']), security: securityIds(server['security'], schemes), bindings: isObject(server['bindings']) ? (plainSchema(server['bindings']) as Json) : undefined };
  });
}

function channel(id: string, raw: Json, address: string | undefined): EventChannel {
  return { id, address, title: text(raw['title']), description: text(raw['description']), parameters: parameters(raw['parameters']), bindings: isObject(raw['bindings']) ? (plainSchema(raw['bindings']) as Json) : undefined };
}

const tagsOf = (raw: unknown): string[] => (Array.isArray(raw) ? raw.filter(isObject).map((tag) => String(tag['name'] ?? '')).filter(Boolean) : []);

/** 2.x: operations sit on channels (`publish`, `subscribe`), one message or `oneOf` several each. */
function fromV2(document: Json, defaultContentType: string | undefined, schemes: ReadonlyMap<unknown, string>): { channels: EventChannel[]; operations: EventOperation[] } {
  const channels: EventChannel[] = [];
  const operations: EventOperation[] = [];
  for (const [address, raw] of entries(document['channels'])) {
    channels.push(channel(address, raw, address));
    for (const kind of ['publish', 'subscribe'] as const) {
      const operation = raw[kind];
      if (!isObject(operation)) continue;
      const rawMessage = operation['message'];
      const candidates = isObject(rawMessage) && Array.isArray(rawMessage['oneOf']) ? rawMessage['oneOf'].filter(isObject) : isObject(rawMessage) ? [rawMessage] : [];
      // The parser names a message by its components key (`x-parser-message-name`) when the description gives it no id.
      const messages = candidates.map((item, index) => message(String(item['messageId'] ?? item['x-parser-message-name'] ?? item['name'] ?? `${kind}-${index + 1}`), item, defaultContentType));
      const id = String(operation['operationId'] ?? `${kind} ${address}`);
      operations.push({
        id,
        slug: slugOf(id),
        // Clients publish what the application receives: the reader sends it.
        action: kind === 'publish' ? 'send' : 'receive',
        title: text(operation['summary']) ?? id,
        summary: text(operation['summary']),
        description: text(operation['description']),
        channel: address,
        messages,
        security: securityIds(operation['security'], schemes),
        bindings: isObject(operation['bindings']) ? (plainSchema(operation['bindings']) as Json) : undefined,
        tags: tagsOf(operation['tags']),
      });
    }
  }
  return { channels, operations };
}

/**
 * The key of a 3.x channel an operation refers to. The parser resolves a reference to the very
 * object under `channels`, except in an operation it copied to apply its traits: there the copy
 * still carries the parser's `x-parser-unique-object-id`, the channel's key.
 */
function channelIdentifier(document: Json): (channel: Json) => string | undefined {
  const byObject = new Map<unknown, string>(entries(document['channels']).map(([id, raw]) => [raw, id]));
  const keys = new Set(byObject.values());
  return (channel) => {
    const unique = channel['x-parser-unique-object-id'];
    return byObject.get(channel) ?? (typeof unique === 'string' && keys.has(unique) ? unique : undefined);
  };
}

/** 3.x: channels and operations apart; an operation names its channel and messages, an optional reply. */
function fromV3(document: Json, defaultContentType: string | undefined, schemes: ReadonlyMap<unknown, string>): { channels: EventChannel[]; operations: EventOperation[] } {
  const channelIdOf = channelIdentifier(document);
  const channels = entries(document['channels']).map(([id, raw]) => channel(id, raw, text(raw['address'])));
  // A message is known by the key its channel gives it; the parser resolved each reference to the
  // same object, so one message several channels list (`turnOn` and `turnOff` both a component
  // `turnOnOff`) is named by the operation's own channel first.
  const messageIds = new Map<unknown, string>();
  for (const [, raw] of entries(document['channels'])) for (const [id, item] of entries(raw['messages'])) if (!messageIds.has(item)) messageIds.set(item, id);
  const channelsById = new Map(entries(document['channels']));
  const messagesOf = (list: unknown, reference: Json | undefined): EventMessage[] => {
    // The channel as `channels` holds it: an operation copied for its traits holds a copy.
    const channel = reference ? (channelsById.get(channelIdOf(reference) ?? '') ?? reference) : undefined;
    const own = new Map<unknown, string>(channel ? entries(channel['messages']).map(([id, item]) => [item, id]) : []);
    const items = Array.isArray(list) && list.length > 0 ? list.filter(isObject) : [...own.keys()].filter(isObject);
    return items.map((item) => message(own.get(item) ?? messageIds.get(item) ?? String(item['x-parser-unique-object-id'] ?? item['x-parser-message-name'] ?? item['name'] ?? 'message'), item, defaultContentType));
  };
  const operations = entries(document['operations']).map(([id, raw]): EventOperation => {
    const rawChannel = isObject(raw['channel']) ? raw['channel'] : undefined;
    const reply = isObject(raw['reply']) ? raw['reply'] : undefined;
    const replyChannel = reply && isObject(reply['channel']) ? reply['channel'] : undefined;
    const replyAddress = reply && isObject(reply['address']) ? text(reply['address']['location']) : undefined;
    return {
      id,
      slug: slugOf(id),
      // The application sends what the reader receives.
      action: raw['action'] === 'send' ? 'receive' : 'send',
      title: text(raw['title']) ?? text(raw['summary']) ?? id,
      summary: text(raw['summary']),
      description: text(raw['description']),
      channel: rawChannel ? (channelIdOf(rawChannel) ?? '') : '',
      messages: messagesOf(raw['messages'], rawChannel),
      reply: reply ? { channel: replyChannel ? channelIdOf(replyChannel) : undefined, address: replyAddress, messages: messagesOf(reply['messages'], replyChannel) } : undefined,
      security: securityIds(raw['security'], schemes),
      bindings: isObject(raw['bindings']) ? (plainSchema(raw['bindings']) as Json) : undefined,
      tags: tagsOf(raw['tags']),
    };
  });
  return { channels, operations };
}

/** Two operations may not share a page: a repeated slug gets the next free number. */
function uniqueSlugs(operations: EventOperation[]): EventOperation[] {
  const taken = new Set<string>();
  return operations.map((operation) => {
    let slug = operation.slug;
    for (let n = 2; taken.has(slug); n++) slug = `${operation.slug}-${n}`;
    taken.add(slug);
    return { ...operation, slug };
  });
}

export function normalizeAsyncApi(document: Json): EventApi {
  const version = String(document['asyncapi'] ?? '');
  const major = Number(version.split('.')[0]);
  const info = isObject(document['info']) ? document['info'] : {};
  const defaultContentType = text(document['defaultContentType']);
  const schemes = securitySchemes(document);
  const { channels, operations } = major >= 3 ? fromV3(document, defaultContentType, schemes.byObject) : fromV2(document, defaultContentType, schemes.byObject);
  return {
    asyncapi: version,
    title: text(info['title']) ?? 'Event API',
    version: String(info['version'] ?? ''),
    description: text(info['description']),
    defaultContentType,
    servers: servers(document, major, schemes.byObject),
    channels,
    operations: uniqueSlugs(operations),
    securitySchemes: schemes.list,
  };
}
