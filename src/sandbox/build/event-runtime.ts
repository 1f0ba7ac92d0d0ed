/**
 * The event sandbox's runtime description, computed once from an event API (at build time for the
 * browser, at start in Node): each operation with its channel's address, each message with its
 * payload's validator key, its correlation id and examples ready to send, and the payload schemas
 * in one document that the HTTP sandbox's machinery compiles (schemas.ts: Ajv, RE2 patterns,
 * standalone modules for the browser). Examples are the documented ones that validate (repaired
 * when removing optional parts the schema complains about is enough, as generated ones are), else
 * one generated from the schema with openapi-sampler. Pure; never shipped to the browser.
 */
import { sample } from 'openapi-sampler';
import type { EventApi, EventMessage, JsonSchema } from '../../asyncapi/types.ts';
import type { EventRuntimeApi, EventRuntimeMessage } from '../core/events/types.ts';
import type { Validator, ValidatorSource } from '../core/types.ts';
import { repair } from './repair.ts';
import { compiledValidators, standaloneWriter } from './schemas.ts';

export interface EventSandboxParts {
  api: EventRuntimeApi;
  /** The payload schemas, one per distinct schema, in the document their validators are compiled from. */
  document: { $defs: Record<string, JsonSchema> };
  /** The validator keys: JSON Pointers into `document`. */
  keys: string[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** At most this many examples of one message are kept. */
const MAX_EXAMPLES = 5;
const WEBSOCKET = /^wss?$/i;

/** Top-level properties a schema allows one value for, through `allOf`: what marks a frame as this message's. */
function tagsOf(schema: unknown, depth = 0): Json {
  if (!isObject(schema) || depth > 4) return {};
  const tags: Json = {};
  if (isObject(schema['properties'])) {
    for (const [name, property] of Object.entries(schema['properties'])) {
      if (!isObject(property)) continue;
      if (property['const'] !== undefined) tags[name] = property['const'];
      else if (Array.isArray(property['enum']) && property['enum'].length === 1) tags[name] = property['enum'][0];
    }
  }
  for (const part of Array.isArray(schema['allOf']) ? schema['allOf'] : []) Object.assign(tags, tagsOf(part, depth + 1));
  return tags;
}

function generated(schema: JsonSchema): unknown {
  // The sampler warns on the console for some shapes even when asked to be quiet: noise in a build log.
  const warn = console.warn;
  console.warn = () => {};
  try {
    return sample(schema as object, { quiet: true, maxSampleDepth: 6 } as never);
  } catch {
    return undefined;
  } finally {
    console.warn = warn;
  }
}

function examplesOf(message: EventMessage, validate: Validator | undefined): unknown[] {
  const documented = message.examples.map((example) => example.payload).filter((payload) => payload !== undefined);
  const valid = (value: unknown) => (validate === undefined ? value : repair(value, validate));
  const kept = documented.map(valid).filter((value) => value !== undefined);
  if (kept.length > 0) return kept.slice(0, MAX_EXAMPLES);
  if (message.payload === undefined) return [];
  const example = valid(generated(message.payload));
  return example === undefined ? [] : [example];
}

export function eventSandboxParts(api: EventApi): EventSandboxParts {
  const $defs: Record<string, JsonSchema> = {};
  const keyOf = new Map<string, string>();
  const schemaKey = (payload: JsonSchema | undefined): string | undefined => {
    if (payload === undefined) return undefined;
    // Its dialect is draft 2020-12 here, whatever `$schema` names (Ajv would refuse a draft it does not hold).
    const { $schema: _dialect, ...schema } = payload;
    const text = JSON.stringify(schema);
    let key = keyOf.get(text);
    if (key === undefined) {
      const name = `m${keyOf.size}`;
      $defs[name] = schema;
      key = `/$defs/${name}`;
      keyOf.set(text, key);
    }
    return key;
  };
  const document = { $defs };
  // Examples are made once every schema is in the document (its validators are compiled from a copy of it).
  const pending: Array<{ runtime: EventRuntimeMessage; message: EventMessage }> = [];
  const runtimeMessage = (message: EventMessage): EventRuntimeMessage => {
    const schema = schemaKey(message.payload);
    const tags = tagsOf(message.payload);
    const json = message.contentType === undefined || /json/i.test(message.contentType) || message.payload?.['type'] !== 'string';
    const runtime: EventRuntimeMessage = { id: message.id, ...(schema ? { schema } : {}), json, ...(message.correlationId ? { correlationId: message.correlationId.location } : {}), examples: [], ...(Object.keys(tags).length > 0 ? { tags } : {}) };
    pending.push({ runtime, message });
    return runtime;
  };
  const channels = new Map(api.channels.map((channel) => [channel.id, channel]));
  const operations = api.operations.map((operation) => {
    const channel = channels.get(operation.channel);
    return {
      id: operation.id,
      action: operation.action,
      ...(channel?.address !== undefined ? { address: channel.address } : {}),
      parameters: (channel?.parameters ?? []).map((parameter) => ({ name: parameter.name, ...(parameter.enum ? { enum: parameter.enum } : {}) })),
      messages: operation.messages.map(runtimeMessage),
      ...(operation.reply ? { reply: operation.reply.messages.map(runtimeMessage) } : {}),
    };
  });
  // Checks run once per example: compiled without Ajv's code optimisation, which costs more than it saves here.
  const validators = compiledValidators(document, { optimize: false });
  for (const { runtime, message } of pending) runtime.examples = examplesOf(message, runtime.schema === undefined ? undefined : validators.get(runtime.schema));
  const servers = api.servers.filter((server) => WEBSOCKET.test(server.protocol)).map((server) => ({ id: server.id, url: server.url }));
  return { api: { title: api.title, servers, operations }, document, keys: Object.values(Object.fromEntries(keyOf)) };
}

/** Node: the parts' validators, compiled with Ajv on first use. */
export function eventValidators(parts: EventSandboxParts): ValidatorSource {
  return compiledValidators(parts.document);
}

/** The browser: an ES module exporting `validators` (key -> standalone validator), for a virtual module of the site's build. */
export function eventValidatorModule(parts: EventSandboxParts): string {
  return standaloneWriter(parts.document).module(parts.keys);
}
