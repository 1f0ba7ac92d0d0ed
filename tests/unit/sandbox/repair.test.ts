import { describe, expect, it } from 'vitest';
import { repair } from '../../../src/sandbox/build/repair.ts';
import type { Validator } from '../../../src/sandbox/core/types.ts';

/** A validator that complains about each of these paths while it holds a value, in this order, plus a deeper `required` complaint. */
function complaining(paths: string[]): { validate: Validator; seen: string[] } {
  const seen: string[] = [];
  const at = (value: unknown, path: string) => path.split('/').slice(1).reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], value);
  const validate = ((value: unknown) => {
    seen.push(JSON.stringify(value));
    const errors = paths.filter((path) => at(value, path) !== undefined).map((instancePath) => ({ instancePath, keyword: 'type', params: {} }));
    validate.errors = errors.length === 0 ? null : [{ instancePath: '/a/deeper/than/any', keyword: 'required', params: {} }, ...errors];
    return errors.length === 0;
  }) as Validator;
  return { validate, seen };
}

describe('repairing a generated example', () => {
  it('removes the deepest complaint first, the first of equally deep ones, and never for a missing property', () => {
    const { validate, seen } = complaining(['/b', '/a/y', '/a/x']);
    const repaired = repair({ a: { x: 1, y: 2, z: 3 }, b: 4 }, validate);
    expect(repaired).toEqual({ a: { z: 3 } });
    expect(seen).toEqual(['{"a":{"x":1,"y":2,"z":3},"b":4}', '{"a":{"x":1,"z":3},"b":4}', '{"a":{"z":3},"b":4}', '{"a":{"z":3}}']);
  });

  it('treats a member holding undefined as absent: the complaint then removes its parent, and every attempt changes the value', () => {
    const seen: string[] = [];
    const validate = ((value: { a?: unknown }) => {
      seen.push(JSON.stringify(value));
      validate.errors = value.a === undefined ? null : [{ instancePath: '/a/x', keyword: 'type', params: {} }];
      return value.a === undefined;
    }) as Validator;
    expect(repair({ a: { x: undefined }, b: 1 }, validate)).toEqual({ b: 1 });
    expect(seen).toEqual(['{"a":{},"b":1}', '{"b":1}']);
  });

  it('gives up on a value whose complaints are all about missing properties', () => {
    const validate = Object.assign(() => false, { errors: [{ instancePath: '', keyword: 'required', params: {} }] }) as Validator;
    expect(repair({ a: 1 }, validate)).toBeUndefined();
  });
});
