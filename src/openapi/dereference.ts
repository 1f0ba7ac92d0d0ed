/** Inlines local `$ref`s (`#/...`) of an OpenAPI document; pure, no I/O. */
import { unescapePointerSegment } from './pointer.ts';

class OpenApiReferenceError extends Error {
  constructor(ref: string, where: string) {
    super(`OpenAPI: the reference \`${ref}\` (at ${where}) does not resolve. Check the name under \`components\`.`);
    this.name = 'OpenApiReferenceError';
  }
}


/** The value a local JSON Pointer reference (`#/components/schemas/X`) points at. */
export function resolvePointer(document: unknown, ref: string, where = 'the document'): unknown {
  if (!ref.startsWith('#')) throw new OpenApiReferenceError(ref, where);
  let node: unknown = document;
  // A `$ref` is a URI: its fragment may be percent-encoded (`#/paths/~1%7Bid%7D`) before the pointer is read.
  for (const segment of ref.slice(1).split('/').slice(1).map((part) => unescapePointerSegment(percentDecoded(part)))) {
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, segment)) throw new OpenApiReferenceError(ref, where);
    node = (node as Record<string, unknown>)[segment];
  }
  return node;
}

/**
 * A deep copy of `value` with every `$ref` replaced by its target. Siblings of a `$ref`
 * (e.g. `description`) are kept and win over the target's. A reference to itself (a cycle),
 * or one `keepRef` accepts, stays a `$ref`, so the result is always finite and JSON-serialisable.
 */
export function dereference<T>(document: unknown, value: T, where = '#', keepRef: (ref: string) => boolean = () => false): T {
  const walk = (node: unknown, path: string, active: readonly string[]): unknown => {
    if (Array.isArray(node)) return node.map((item, index) => walk(item, `${path}/${index}`, active));
    if (typeof node !== 'object' || node === null) return node;
    const record = node as Record<string, unknown>;
    const ref = record['$ref'];
    if (typeof ref === 'string') {
      if (active.includes(ref) || keepRef(ref)) return { ...record };
      const { $ref: _ignored, ...siblings } = record;
      const target = walk(resolvePointer(document, ref, path), ref, [...active, ref]);
      const walkedSiblings = walk(siblings, path, active) as Record<string, unknown>;
      return typeof target === 'object' && target !== null && !Array.isArray(target) ? { ...target, ...walkedSiblings } : target;
    }
    const copy: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(record)) copy[key] = walk(child, `${path}/${key}`, active);
    return copy;
  };
  return walk(value, where, []) as T;
}

function percentDecoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
