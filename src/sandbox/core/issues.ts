/** Turns validator (Ajv) errors into `{ pointer, detail }` items people can act on. */
import type { FieldIssue, Validator } from './types.ts';

/** At most this many issues are reported for one request. */
const MAX_ISSUES = 50;

type ValidatorError = NonNullable<Validator['errors']>[number];

export function escapePointerSegment(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

function describe(error: ValidatorError): { suffix: string; detail: string } {
  const params = error.params;
  switch (error.keyword) {
    case 'required':
      return { suffix: `/${escapePointerSegment(String(params['missingProperty']))}`, detail: 'is required' };
    case 'additionalProperties':
      return { suffix: `/${escapePointerSegment(String(params['additionalProperty']))}`, detail: 'is not a known field' };
    case 'enum':
      return { suffix: '', detail: `must be one of: ${((params['allowedValues'] as unknown[]) ?? []).map(String).join(', ')}` };
    case 'type': {
      const types = String(params['type']).split(',');
      return { suffix: '', detail: `must be ${types.map((type) => (type === 'null' ? 'null' : `a${/^[aeiou]/.test(type) ? 'n' : ''} ${type}`)).join(' or ')}` };
    }
    default:
      return { suffix: '', detail: error.message ?? `fails the \`${error.keyword}\` rule` };
  }
}

/** Issues for a body: each pointer is a JSON Pointer into it. */
export function bodyIssues(errors: Validator['errors']): FieldIssue[] {
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

/** Issues for a parameter: the pointer is the parameter's name. */
export function parameterIssues(name: string, errors: Validator['errors']): FieldIssue[] {
  return bodyIssues(errors).map((issue) => ({ pointer: name, detail: issue.detail }));
}
