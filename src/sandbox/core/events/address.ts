/**
 * Whether a connection's path is a channel's address: `/v1/marketdata/{symbol}` takes
 * `/v1/marketdata/btcusd` (one path segment per parameter, one of its `enum` values when it has
 * some). The query string is not part of the address, nor is a trailing slash. Pure.
 */
import type { EventRuntimeOperation } from './types.ts';

/** `/a/b/`, `a/b?x=1` -> `/a/b`; `` -> `/`. */
export function addressPath(path: string): string {
  const bare = path.replace(/[?#].*$/s, '');
  const trimmed = `/${bare.replace(/^\/+/, '')}`.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** The address's parameters as the path gives them, or undefined when the path is not this address. */
export function matchAddress(operation: Pick<EventRuntimeOperation, 'address' | 'parameters'>, path: string): Record<string, string> | undefined {
  if (operation.address === undefined) return {};
  const wanted = addressPath(operation.address).split('/');
  const given = addressPath(path).split('/');
  if (wanted.length !== given.length) return undefined;
  const values: Record<string, string> = {};
  for (const [index, part] of wanted.entries()) {
    const segment = given[index]!;
    const parameter = /^\{([^{}]+)\}$/.exec(part)?.[1];
    if (parameter === undefined) {
      if (decoded(segment) !== decoded(part)) return undefined;
      continue;
    }
    const value = decoded(segment);
    if (value === undefined || value === '') return undefined;
    const allowed = operation.parameters.find((entry) => entry.name === parameter)?.enum;
    if (allowed !== undefined && !allowed.includes(value)) return undefined;
    values[parameter] = value;
  }
  return values;
}
