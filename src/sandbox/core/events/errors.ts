/**
 * Error frames: `{ "error": { "code", "message", "operations"?, "retryAfterMs"? } }` (types.ts
 * says what each code means). Whatever a client sends, an error frame stays small: at most
 * `MAX_OPERATIONS` operations with `MAX_PROBLEMS` problems each, each pointer and detail cut at
 * `MAX_TEXT` characters (a pointer can hold a client's 60 KB property name), the message at
 * `MAX_MESSAGE`. Pure.
 */
import { bodyIssues } from '../issues.ts';
import type { Validator } from '../types.ts';
import type { EventError, Frame, OperationMismatch } from './types.ts';

const MAX_OPERATIONS = 10;
const MAX_PROBLEMS = 5;
const MAX_TEXT = 200;
const MAX_MESSAGE = 500;

const cut = (text: string, max = MAX_TEXT) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

export function errorFrame(error: EventError): Frame {
  const bounded: EventError = { ...error, message: cut(error.message, MAX_MESSAGE) };
  if (error.operations !== undefined) bounded.operations = error.operations.slice(0, MAX_OPERATIONS);
  return { kind: 'error', data: JSON.stringify({ error: bounded }), error: bounded };
}

/** Why a message's schema refused a value, as a few `{ pointer, detail }` problems. */
export function mismatch(operation: string, message: string, errors: Validator['errors']): OperationMismatch {
  const problems = bodyIssues(errors)
    .slice(0, MAX_PROBLEMS)
    .map((issue) => ({ pointer: cut(issue.pointer), detail: cut(issue.detail) }));
  return { operation, message, problems };
}

/** `a`, `a and b`, `a, b and 3 more` (or `or`): operation names in a sentence. */
export function nameList(names: readonly string[], conjunction: 'and' | 'or' = 'and'): string {
  const quoted = names.map((name) => `\`${name}\``);
  if (quoted.length <= 1) return quoted[0] ?? 'none';
  if (quoted.length <= 3) return `${quoted.slice(0, -1).join(', ')} ${conjunction} ${quoted.at(-1)}`;
  return `${quoted.slice(0, 2).join(', ')} ${conjunction} ${quoted.length - 2} more`;
}
