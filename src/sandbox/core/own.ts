/**
 * Own-property access for records keyed by request data (item ids, body fields): a key such as
 * `__proto__`, `constructor` or `toString` names nothing inherited, and writing one defines a
 * plain field instead of calling the `__proto__` setter. Pure.
 */

type Json = Record<string, unknown>;

/** The record's own value for `key`, else undefined. */
export function getOwn(record: object, key: string): unknown {
  return Object.hasOwn(record, key) ? (record as Json)[key] : undefined;
}

/** Defines `key` as an own, enumerable field (never the prototype, whatever the key). */
export function setOwn(record: object, key: string, value: unknown): void {
  Object.defineProperty(record, key, { value, writable: true, enumerable: true, configurable: true });
}
