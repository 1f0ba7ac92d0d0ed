/**
 * Inputs from schemas: an enum becomes a select, an integer or a number a number input with its
 * limits, anything else a text input; and the short hint of a schema's type and limits.
 */
import type { ResolvedSchema } from '../openapi/types.ts';
import { uiText } from '../client/ui-text.ts';
import { h, type Field } from './dom.ts';

/** The first non-null type of a schema, e.g. `string` for `[string, 'null']`. */
export function mainType(schema: ResolvedSchema): string | undefined {
  const type = schema['type'];
  return Array.isArray(type) ? type.find((item) => item !== 'null') : (type as string | undefined);
}

/** Body properties that get their own input: scalars and enums. */
export function scalarProperties(schema: ResolvedSchema | undefined): Array<[string, ResolvedSchema]> {
  const properties = (schema?.['properties'] ?? {}) as Record<string, ResolvedSchema>;
  return Object.entries(properties).filter(([, property]) => ['string', 'integer', 'number'].includes(mainType(property) ?? '') || Array.isArray(property['enum']));
}

export function limitsText(schema: ResolvedSchema): string {
  const parts: string[] = [];
  const type = mainType(schema);
  if (type) parts.push(Array.isArray(schema['type']) && schema['type'].includes('null') ? uiText('console.orNull', { type }) : type);
  if (typeof schema['minimum'] === 'number') parts.push(`≥ ${schema['minimum']}`);
  if (typeof schema['exclusiveMinimum'] === 'number') parts.push(`> ${schema['exclusiveMinimum']}`);
  if (typeof schema['maximum'] === 'number') parts.push(`≤ ${schema['maximum']}`);
  if (typeof schema['maxLength'] === 'number') parts.push(uiText('console.upTo', { count: schema['maxLength'] }));
  if (schema['default'] !== undefined) parts.push(uiText('console.defaultValue', { value: String(schema['default']) }));
  return parts.join(', ');
}

export function control(schema: ResolvedSchema, id: string, label: string, required: boolean): Field {
  const enumValues = schema['enum'];
  if (Array.isArray(enumValues)) {
    const select = h('select', { id, name: label });
    select.append(h('option', { value: '' }, required ? '(choose)' : '(not set)'), ...enumValues.map((value) => h('option', { value: String(value) }, String(value))));
    return select;
  }
  const type = mainType(schema);
  const input = h('input', { id, name: label, type: type === 'integer' || type === 'number' ? 'number' : 'text', autocomplete: 'off', spellcheck: 'false' });
  if (type === 'integer') input.step = '1';
  if (type === 'number') input.step = 'any';
  for (const limit of ['minimum', 'maximum'] as const) if (typeof schema[limit] === 'number') input.setAttribute(limit === 'minimum' ? 'min' : 'max', String(schema[limit]));
  if (required) input.required = true;
  return input;
}
