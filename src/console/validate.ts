/** Checks a console's inputs against the operation before sending; pure. */
import { checkSchema } from './schema-check.ts';
import type { ConsoleInputs } from './request.ts';
import type { ConsoleParameter, ConsoleSpec } from './spec.ts';
import { hasPlaceholder } from './variables.ts';

/** Where a problem shows: a parameter input, or the body (`pointer` into the JSON). */
type IssueTarget = { kind: 'param'; name: string } | { kind: 'body'; pointer: string };

export interface InputIssue {
  target: IssueTarget;
  detail: string;
}

const INTEGER = /^-?\d+$/;
const NUMBER = /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/;

/** A parameter's text as the value its schema types it as; undefined when it cannot be. */
function parameterValue(parameter: ConsoleParameter, text: string): { value: unknown } | { detail: string } {
  const type = parameter.schema['type'];
  if (type === 'integer') return INTEGER.test(text) ? { value: Number(text) } : { detail: 'must be a whole number' };
  if (type === 'number') return NUMBER.test(text) ? { value: Number(text) } : { detail: 'must be a number' };
  if (type === 'boolean') return text === 'true' || text === 'false' ? { value: text === 'true' } : { detail: 'must be true or false' };
  return { value: text };
}

export function validateInputs(spec: ConsoleSpec, inputs: ConsoleInputs): InputIssue[] {
  const issues: InputIssue[] = [];
  for (const parameter of spec.parameters) {
    const text = inputs.params[parameter.name] ?? '';
    const target: IssueTarget = { kind: 'param', name: parameter.name };
    if (text === '') {
      if (parameter.required) issues.push({ target, detail: 'is required' });
      continue;
    }
    if (hasPlaceholder(text)) {
      issues.push({ target, detail: 'still holds a placeholder: run the earlier step first' });
      continue;
    }
    const parsed = parameterValue(parameter, text);
    if ('detail' in parsed) {
      issues.push({ target, detail: parsed.detail });
      continue;
    }
    for (const problem of checkSchema(parameter.schema, parsed.value)) issues.push({ target, detail: problem.detail });
  }
  if (spec.body !== undefined) {
    const text = inputs.bodyText.trim();
    if (text === '') {
      if (spec.body.required) issues.push({ target: { kind: 'body', pointer: '' }, detail: 'The body is required (JSON).' });
    } else {
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch (error) {
        issues.push({ target: { kind: 'body', pointer: '' }, detail: `The body is not valid JSON: ${(error as Error).message}` });
        return issues;
      }
      for (const problem of checkSchema(spec.body.schema, body)) issues.push({ target: { kind: 'body', pointer: problem.pointer }, detail: problem.detail });
    }
  }
  return issues;
}
