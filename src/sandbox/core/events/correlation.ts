/**
 * Correlation ids, where AsyncAPI's runtime expressions put them: `$message.payload#/reqid` is the
 * payload's `reqid` (a JSON Pointer after the `#`), `$message.header#/correlation_id` a header.
 * The sandbox reads the id from a request and writes it into the reply at the reply's location.
 * A WebSocket frame is a payload only, so a header location has nothing to read there. Pure.
 */

export interface MessageParts {
  payload: unknown;
  headers?: Record<string, unknown> | undefined;
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Pointers into objects: deep enough for any id, short enough that a hostile one costs nothing. */
const MAX_SEGMENTS = 16;

function parse(location: string): { part: 'payload' | 'headers'; path: string[] } | undefined {
  const match = /^\$message\.(payload|header)#(\/.*)?$/.exec(location.trim());
  if (match === null) return undefined;
  const path = (match[2] ?? '').split('/').slice(1).map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
  if (path.length > MAX_SEGMENTS || path.includes('__proto__')) return undefined;
  return { part: match[1] === 'payload' ? 'payload' : 'headers', path };
}

/** The id at `location`, or undefined when the message has none there (or the location is not one the sandbox reads). */
export function readCorrelation(message: MessageParts, location: string): unknown {
  const parsed = parse(location);
  if (parsed === undefined) return undefined;
  let node: unknown = parsed.part === 'payload' ? message.payload : message.headers;
  for (const segment of parsed.path) {
    if (!isObject(node) || !Object.hasOwn(node, segment)) return undefined;
    node = node[segment];
  }
  return node;
}

/**
 * A copy of the message with `value` at `location` (objects made along the way), or without it
 * when `value` is undefined. The message is returned as it was when the location cannot hold it
 * (a pointer through a non-object, or the whole payload).
 */
export function writeCorrelation(message: MessageParts, location: string, value: unknown): MessageParts {
  const parsed = parse(location);
  if (parsed === undefined || parsed.path.length === 0) return message;
  const copy: MessageParts = structuredClone(message);
  const root = parsed.part === 'payload' ? copy.payload : (copy.headers ??= {});
  if (!isObject(root)) return message;
  let node: Json = root;
  for (const segment of parsed.path.slice(0, -1)) {
    const next = node[segment];
    if (next === undefined && value !== undefined) node[segment] = {};
    else if (!isObject(next)) return value === undefined ? copy : message;
    node = node[segment] as Json;
  }
  const last = parsed.path.at(-1)!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}
