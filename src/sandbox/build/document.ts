/** Reading the raw description: following local `$ref`s while keeping the JSON Pointer of what was found. Pure. */
import { escapePointerSegment, unescapePointerSegment } from '../../openapi/pointer.ts';

export type Json = Record<string, unknown>;

export const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

export function at(document: unknown, pointer: string): unknown {
  let node = document;
  for (const segment of pointer.split('/').slice(1).map(unescapePointerSegment)) {
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    node = (node as Json)[segment];
  }
  return node;
}

/** The value and its pointer after following `$ref`s (at most 20); undefined when one does not resolve. */
export function follow(document: unknown, value: unknown, pointer: string): { value: Json; pointer: string } | undefined {
  let current = value;
  let where = pointer;
  for (let hops = 0; hops < 20; hops++) {
    if (!isObject(current)) return undefined;
    const ref = current['$ref'];
    if (typeof ref !== 'string') return { value: current, pointer: where };
    if (!ref.startsWith('#')) return undefined;
    where = decodeURIComponent(ref.slice(1));
    current = at(document, where);
  }
  return undefined;
}

export const child = (pointer: string, ...segments: Array<string | number>) => `${pointer}${segments.map((segment) => `/${escapePointerSegment(String(segment))}`).join('')}`;

/** A schema with `$ref`s and `allOf` merged far enough to read its type and properties (not for validation). */
export function flatSchema(document: unknown, schema: unknown, depth = 0): Json {
  const found = follow(document, schema, '');
  if (found === undefined || depth > 8) return {};
  const value = found.value;
  const variants = Array.isArray(value['oneOf']) ? value['oneOf'] : Array.isArray(value['anyOf']) ? value['anyOf'] : undefined;
  if (!Array.isArray(value['allOf']) && variants !== undefined && value['properties'] === undefined) {
    // The variants' properties together: enough to find an id or an array (never used to validate).
    const merged: Json = { ...value, properties: {} };
    for (const variant of variants) {
      const flat = flatSchema(document, variant, depth + 1);
      Object.assign(merged['properties'] as Json, isObject(flat['properties']) ? flat['properties'] : {});
      if (merged['type'] === undefined && flat['type'] !== undefined) merged['type'] = flat['type'];
    }
    return merged;
  }
  if (!Array.isArray(value['allOf'])) return value;
  const merged: Json = { ...value, properties: { ...(isObject(value['properties']) ? value['properties'] : {}) }, required: [...(Array.isArray(value['required']) ? value['required'] : [])] };
  delete merged['allOf'];
  for (const part of value['allOf'] as unknown[]) {
    const flat = flatSchema(document, part, depth + 1);
    Object.assign(merged['properties'] as Json, isObject(flat['properties']) ? flat['properties'] : {});
    (merged['required'] as unknown[]).push(...(Array.isArray(flat['required']) ? flat['required'] : []));
    if (merged['type'] === undefined && flat['type'] !== undefined) merged['type'] = flat['type'];
  }
  return merged;
}

/** The schema's main type: its `type` (the first non-null one), else inferred from `properties`/`items`. */
export function schemaType(document: unknown, schema: unknown): string | undefined {
  const flat = flatSchema(document, schema);
  const type = flat['type'];
  if (typeof type === 'string') return type;
  if (Array.isArray(type)) return type.find((item) => item !== 'null') as string | undefined;
  if (isObject(flat['properties'])) return 'object';
  if (flat['items'] !== undefined) return 'array';
  for (const keyword of ['oneOf', 'anyOf']) {
    const variants = flat[keyword];
    if (Array.isArray(variants)) {
      const types = new Set(variants.map((variant) => schemaType(document, variant)));
      if (types.size === 1) return [...types][0];
    }
  }
  return undefined;
}
