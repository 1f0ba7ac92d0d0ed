/** Turns Ajv errors into `{ pointer, detail }` items people can act on. */
import type { ErrorObject } from 'ajv/dist/2020.js';
import type { FieldIssue } from '../domain/outcome.ts';
import { escapePointerSegment } from './document.ts';

/** At most this many issues are reported for one request. */
export const MAX_ISSUES = 50;

function describe(error: ErrorObject): { suffix: string; detail: string } {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return { suffix: `/${escapePointerSegment(String(params['missingProperty']))}`, detail: 'is required' };
    case 'additionalProperties':
      return { suffix: `/${escapePointerSegment(String(params['additionalProperty']))}`, detail: 'is not a known field' };
    case 'enum':
      return { suffix: '', detail: `must be one of: ${(params['allowedValues'] as unknown[]).join(', ')}` };
    case 'type': {
      const types = String(params['type']).split(',');
      return { suffix: '', detail: `must be ${types.map((type) => (type === 'null' ? 'null' : `a${/^[aeiou]/.test(type) ? 'n' : ''} ${type}`)).join(' or ')}` };
    }
    default:
      return { suffix: '', detail: error.message ?? `fails the \`${error.keyword}\` rule` };
  }
}

/** Issues for a request body: each pointer is a JSON Pointer into the body. */
export function bodyIssues(errors: readonly ErrorObject[] | null | undefined): FieldIssue[] {
  const seen = new Set<string>();
  const issues: FieldIssue[] = [];
  for (const error of errors ?? []) {
    const { suffix, detail } = describe(error);
    const issue = { pointer: `${error.instancePath}${suffix}`, detail };
    const key = `${issue.pointer}\u0000${issue.detail}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push(issue);
    if (issues.length === MAX_ISSUES) break;
  }
  return issues;
}

/** Issues for a query parameter: the pointer is the parameter's name. */
export function parameterIssues(name: string, errors: readonly ErrorObject[] | null | undefined): FieldIssue[] {
  return bodyIssues(errors).map((issue) => ({ pointer: name, detail: issue.detail }));
}
