/**
 * How domain rules report a refusal without knowing about HTTP: a kind (the handlers map it
 * to a status code), a stable snake_case `code`, a sentence for people, and optional
 * per-field issues whose `pointer` is a JSON Pointer (or a query parameter name).
 */

export interface FieldIssue {
  pointer: string;
  detail: string;
}

export type RefusalKind = 'not_found' | 'conflict' | 'invalid';

interface Refusal {
  kind: RefusalKind;
  code: string;
  detail: string;
  errors?: FieldIssue[];
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export function succeed<T>(value: T): Outcome<T> {
  return { ok: true, value };
}

export function refuse<T = never>(kind: RefusalKind, code: string, detail: string, errors?: FieldIssue[]): Outcome<T> {
  return { ok: false, refusal: errors === undefined ? { kind, code, detail } : { kind, code, detail, errors } };
}
