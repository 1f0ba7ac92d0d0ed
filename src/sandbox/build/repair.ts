/**
 * Makes generated examples valid: openapi-sampler honours types, enums and formats but not every
 * constraint (patterns, some lengths, circular shapes). A value that fails its schema loses the
 * optional properties and array items the validator complains about, one at a time, until it
 * validates; a value that cannot be saved that way is dropped. Pure apart from the validator.
 */
import type { Validator } from '../core/types.ts';

type Json = Record<string, unknown>;
type ValidationError = NonNullable<Validator['errors']>[number];
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

function segments(pointer: string): string[] {
  return pointer === '' ? [] : pointer.split('/').slice(1).map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'));
}

/**
 * Removes the value at the pointer; false when there is nothing to remove. A member holding
 * `undefined` counts as nothing (JSON leaves it out): every true is then a change to the value,
 * so each attempt of `repair` makes progress without comparing serialisations.
 */
function remove(root: unknown, path: readonly string[]): boolean {
  if (path.length === 0) return false;
  let node: unknown = root;
  for (const segment of path.slice(0, -1)) {
    if (!isObject(node) && !Array.isArray(node)) return false;
    node = (node as Json)[segment];
  }
  const last = path.at(-1)!;
  if (Array.isArray(node)) {
    const index = Number(last);
    if (!Number.isInteger(index) || index >= node.length) return false;
    node.splice(index, 1);
    return true;
  }
  if (isObject(node) && node[last] !== undefined && Object.hasOwn(node, last)) {
    delete node[last];
    return true;
  }
  return false;
}

/** A valid copy of `value`, or undefined when removing optional parts does not make it valid. */
export function repair(value: unknown, validate: Validator, attempts = 40): unknown {
  const copy = structuredClone(value);
  for (let attempt = 0; attempt < attempts; attempt++) {
    if (validate(copy)) return copy;
    // The deepest complaint, the first of equally deep ones: removing it is the smallest change.
    // One pass, not a sort: checking a large example with every error reported gives thousands.
    let target: ValidationError | undefined;
    for (const error of validate.errors ?? []) {
      if (error.keyword !== 'required' && (target === undefined || error.instancePath.length > target.instancePath.length)) target = error;
    }
    if (target === undefined) return undefined;
    const path = segments(target.instancePath);
    if (!remove(copy, path) && !remove(copy, path.slice(0, -1))) return undefined;
  }
  return validate(copy) ? copy : undefined;
}
