/**
 * Request validation driven by the OpenAPI document: query parameters are parsed according
 * to their schema type, defaulted and checked; JSON bodies are checked against the schema.
 */
import type { FieldIssue } from '../domain/outcome.ts';
import type { JsonSchema, OpenApiDocument, OperationDescription, QueryParameterDescription } from './document.ts';
import { bodyIssues, parameterIssues } from './schema-issues.ts';
import type { SchemaRegistry } from './schema-registry.ts';

export type QueryValues = Record<string, unknown>;

export type QueryParsing = { ok: true; values: QueryValues } | { ok: false; issues: FieldIssue[] };

/** The `type` of a schema, following `$ref`s within the document. */
function schemaType(document: OpenApiDocument, schema: JsonSchema, depth = 0): string | undefined {
  if (typeof schema !== 'object' || depth > 8) return undefined;
  if (typeof schema['type'] === 'string') return schema['type'];
  const ref = schema['$ref'];
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/')) {
    const target = document.components?.['schemas']?.[ref.slice('#/components/schemas/'.length)];
    return target === undefined ? undefined : schemaType(document, target as JsonSchema, depth + 1);
  }
  return undefined;
}

const INTEGER_TEXT = /^-?\d{1,16}$/;
const NUMBER_TEXT = /^-?\d{1,16}(\.\d{1,16})?$/;

/** The query text as the schema's type, or undefined when it cannot be one. */
function coerce(type: string | undefined, text: string): unknown {
  switch (type) {
    case 'integer':
      return INTEGER_TEXT.test(text) ? Number(text) : undefined;
    case 'number':
      return NUMBER_TEXT.test(text) ? Number(text) : undefined;
    case 'boolean':
      return text === 'true' ? true : text === 'false' ? false : undefined;
    default:
      return text;
  }
}

export interface RequestValidator {
  parseQuery(operation: OperationDescription, query: URLSearchParams): QueryParsing;
  /** Every way the body breaks the operation's schema (empty when it conforms). */
  bodyIssues(operation: OperationDescription, body: unknown): FieldIssue[];
}

export function createRequestValidator(document: OpenApiDocument, registry: SchemaRegistry): RequestValidator {
  function parseParameter(parameter: QueryParameterDescription, texts: string[]): { value?: unknown; issues: FieldIssue[] } {
    const schema = typeof parameter.schema === 'object' ? parameter.schema : {};
    if (texts.length === 0) {
      if (parameter.required) return { issues: [{ pointer: parameter.name, detail: 'is required' }] };
      return 'default' in schema ? { value: schema['default'], issues: [] } : { issues: [] };
    }
    if (texts.length > 1) return { issues: [{ pointer: parameter.name, detail: 'must be given once' }] };
    const type = schemaType(document, parameter.schema);
    const value = coerce(type, texts[0]!);
    if (value === undefined) return { issues: [{ pointer: parameter.name, detail: `must be ${type === 'integer' ? 'an integer' : `a ${type}`}` }] };
    const validate = registry.validatorAt(parameter.schemaPointer);
    return validate(value) ? { value, issues: [] } : { issues: parameterIssues(parameter.name, validate.errors) };
  }

  return {
    parseQuery(operation, query) {
      const values: QueryValues = {};
      const issues: FieldIssue[] = [];
      for (const parameter of operation.queryParameters) {
        const parsed = parseParameter(parameter, query.getAll(parameter.name));
        issues.push(...parsed.issues);
        if (parsed.value !== undefined) values[parameter.name] = parsed.value;
      }
      return issues.length > 0 ? { ok: false, issues } : { ok: true, values };
    },
    bodyIssues(operation, body) {
      if (operation.bodySchemaPointer === undefined) return [];
      const validate = registry.validatorAt(operation.bodySchemaPointer);
      return validate(body) ? [] : bodyIssues(validate.errors);
    },
  };
}
