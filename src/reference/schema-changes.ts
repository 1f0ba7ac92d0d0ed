/**
 * Changes between two schemas of one message (a parameter, a request body, a response, a webhook's
 * payload): fields by path (`items[].status`), required, types, enums and constraints, each judged
 * for the side the reader is on. The walk is breadth first, compares each pair of schemas once
 * (a named schema used at several places of a message is compared at the shallowest), and stops
 * at `MAX_DEPTH` levels and `MAX_PAIRS` pairs, so no description can make it loop or explode. Pure.
 */
import type { ResolvedSchema } from '../openapi/types.ts';
import { capital, code, detail, type ChangeDetail, type Side } from './change-rules.ts';
import { diffConstraints } from './constraint-changes.ts';
import { accepts, flatten, type Flat, type SchemaReader } from './flat-schema.ts';

/** One message as the changelog compares it. */
export interface Message {
  side: Side;
  /** `the request body`, `the query parameter \`page\``, `the \`200\` response`, `the payload`. */
  where: string;
  before: SchemaReader;
  after: SchemaReader;
}

/** Nested fields deeper than this are not compared. */
const MAX_DEPTH = 8;
/** Pairs of schemas compared in one message at most (GitHub's largest messages need under 1,000). */
const MAX_PAIRS = 5_000;

interface Pair {
  before: ResolvedSchema;
  after: ResolvedSchema;
  /** The field: `items[].status`; empty for the message itself. */
  path: string;
  depth: number;
}

/** A reference stands for its target wherever it is written; any other schema is itself. */
const identity = (schema: ResolvedSchema): unknown => (typeof schema['$ref'] === 'string' && Object.keys(schema).length === 1 ? `ref ${schema['$ref']}` : schema);

/** The differences of two schemas of one message, by the rules of `CHANGE_RULES`. */
export function diffSchema(before: ResolvedSchema, after: ResolvedSchema, message: Message): ChangeDetail[] {
  const details: ChangeDetail[] = [];
  const queue: Pair[] = [];
  const compared = new Map<unknown, Set<unknown>>();
  const enqueue = (pair: Pair) => {
    const [a, b] = [identity(pair.before), identity(pair.after)];
    const seen = compared.get(a) ?? new Set();
    if (seen.has(b)) return;
    compared.set(a, seen.add(b));
    queue.push(pair);
  };
  enqueue({ before, after, path: '', depth: 0 });
  for (let index = 0; index < queue.length && index < MAX_PAIRS; index++) {
    const pair = queue[index]!;
    const old = flatten(pair.before, message.before);
    const now = flatten(pair.after, message.after);
    const at = pair.path === '' ? message.where : `the field ${code(pair.path)} of ${message.where}`;
    details.push(...diffType(old, now, at, message.side), ...diffEnum(old, now, at, message.side), ...diffConstraints(old, now, at, message.side));
    if (pair.depth >= MAX_DEPTH) continue;
    details.push(...diffFields(old, now, pair, message, enqueue));
    if (old.items && now.items) enqueue({ before: old.items, after: now.items, path: `${pair.path}[]`, depth: pair.depth + 1 });
  }
  return details;
}

function diffFields(old: Flat, now: Flat, pair: Pair, message: Message, enqueue: (pair: Pair) => void): ChangeDetail[] {
  const { side } = message;
  const details: ChangeDetail[] = [];
  const field = (name: string) => code(pair.path === '' ? name : `${pair.path}.${name}`);
  // A sender never sends readOnly fields, a receiver never gets writeOnly ones.
  const skipped = (schema: ResolvedSchema, reader: SchemaReader) => {
    const target = typeof schema['$ref'] === 'string' ? (reader.lookup(schema['$ref']) ?? schema) : schema;
    return side === 'sent' ? target['readOnly'] === true : target['writeOnly'] === true;
  };
  const present = (flat: Flat, name: string, reader: SchemaReader) => flat.properties.has(name) && !skipped(flat.properties.get(name)!, reader);
  for (const [name, schema] of now.properties) {
    if (skipped(schema, message.after)) continue;
    const where = () => `${field(name)} of ${message.where}`;
    if (!present(old, name, message.before)) {
      const required = now.required.has(name);
      const text = side === 'received' ? `New field ${where()}.` : `New ${required ? 'required' : 'optional'} field ${where()}.`;
      details.push(detail(required ? 'field-added-required' : 'field-added-optional', side, text));
      continue;
    }
    const [wasRequired, isRequired] = [old.required.has(name), now.required.has(name)];
    if (!wasRequired && isRequired) details.push(detail('field-now-required', side, `The field ${where()} is now required.`));
    if (wasRequired && !isRequired) details.push(detail('field-now-optional', side, `The field ${where()} is now optional.`));
    enqueue({ before: old.properties.get(name)!, after: schema, path: pair.path === '' ? name : `${pair.path}.${name}`, depth: pair.depth + 1 });
  }
  for (const name of old.properties.keys()) {
    if (present(old, name, message.before) && !present(now, name, message.after)) details.push(detail('field-removed', side, `The field ${field(name)} of ${message.where} was removed.`));
  }
  return details;
}

/** Omitted `type`: any value. */
const typeList = (types: ReadonlySet<string> | undefined): string => (types ? [...types].map(code).join(' or ') : 'any type');

/** A type that takes fewer values narrows, one that takes more widens; both at once (`string` to `integer`) is a change. */
function diffType(old: Flat, now: Flat, at: string, side: Side): ChangeDetail[] {
  const lost = old.types === undefined ? now.types !== undefined : now.types !== undefined && [...old.types].some((type) => !accepts(now.types!, type));
  const gained = now.types === undefined ? old.types !== undefined : old.types !== undefined && [...now.types].some((type) => !accepts(old.types!, type));
  if (!lost && !gained) return [];
  const text = `The type of ${at} changed from ${typeList(old.types)} to ${typeList(now.types)}.`;
  return [detail(lost && gained ? 'type-changed' : lost ? 'type-narrowed' : 'type-widened', side, text)];
}

const enumList = (values: Iterable<string>): string => [...values].map((value) => code(String(JSON.parse(value)))).join(', ');

/** Values gained or lost; no enum at all is every value. */
function diffEnum(old: Flat, now: Flat, at: string, side: Side): ChangeDetail[] {
  const details: ChangeDetail[] = [];
  const added = old.enum ? (now.enum ? [...now.enum].filter((value) => !old.enum!.has(value)) : undefined) : [];
  const removed = now.enum ? (old.enum ? [...old.enum].filter((value) => !now.enum!.has(value)) : undefined) : [];
  if (added === undefined) details.push(detail('enum-widened', side, `${capital(at)} is no longer limited to ${enumList(old.enum!)}.`));
  else if (added.length > 0) details.push(detail('enum-widened', side, `${capital(at)} takes new values: ${enumList(added)}.`));
  if (removed === undefined) details.push(detail('enum-narrowed', side, `${capital(at)} is now limited to ${enumList(now.enum!)}.`));
  else if (removed.length > 0) details.push(detail('enum-narrowed', side, `${capital(at)} no longer takes ${enumList(removed)}.`));
  return details;
}
