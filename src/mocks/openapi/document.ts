/**
 * The parts of an OpenAPI 3.1 document the sandbox reads, and the list of its operations.
 * The document arrives already parsed (from YAML in Node, from JSON in the browser).
 */

export type JsonSchema = Record<string, unknown> | boolean;

export interface ParameterObject {
  name: string;
  in: 'query' | 'path' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

export interface ReferenceObject {
  $ref: string;
}

export interface MediaTypeObject {
  schema?: JsonSchema;
}

export interface OperationObject {
  operationId?: string;
  parameters?: Array<ParameterObject | ReferenceObject>;
  requestBody?: { required?: boolean; content?: Record<string, MediaTypeObject> };
  responses?: Record<string, unknown>;
  servers?: Array<{ url: string }>;
}

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type PathItemObject = Partial<Record<HttpMethod, OperationObject>> & {
  parameters?: Array<ParameterObject | ReferenceObject>;
  servers?: Array<{ url: string }>;
};

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  servers?: Array<{ url: string }>;
  paths: Record<string, PathItemObject>;
  components?: Record<string, Record<string, unknown>>;
}

export interface QueryParameterDescription {
  name: string;
  required: boolean;
  /** Pointer to the parameter's JSON schema inside the document. */
  schemaPointer: string;
  schema: JsonSchema;
}

/** Which of the two interfaces an operation belongs to. */
export type ApiInterface = 'main' | 'partner';

export interface OperationDescription {
  operationId: string;
  method: HttpMethod;
  /** The path template, e.g. `/caravans/{caravanId}`. */
  path: string;
  /** JSON Pointer to the operation inside the document, e.g. `/paths/~1caravans/get`. */
  pointer: string;
  /** Operations under a path or operation `servers` override belong to the partner interface. */
  apiInterface: ApiInterface;
  queryParameters: QueryParameterDescription[];
  /** Pointer to the request body's JSON schema, when the operation takes a JSON body. */
  bodySchemaPointer?: string;
}

export function escapePointerSegment(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** The parameter and the pointer to it, following a `$ref` into `components.parameters`. */
function resolveParameter(
  document: OpenApiDocument,
  parameter: ParameterObject | ReferenceObject,
  pointer: string,
): { parameter: ParameterObject; pointer: string } {
  if (!('$ref' in parameter)) return { parameter, pointer };
  const name = parameter.$ref.replace('#/components/parameters/', '');
  const resolved = document.components?.['parameters']?.[name];
  if (resolved === undefined) throw new Error(`OpenAPI: the parameter reference ${parameter.$ref} does not resolve.`);
  return { parameter: resolved as ParameterObject, pointer: `/components/parameters/${escapePointerSegment(name)}` };
}

/** Every operation of the document, in document order. */
export function describeOperations(document: OpenApiDocument): OperationDescription[] {
  const operations: OperationDescription[] = [];
  for (const [path, pathItem] of Object.entries(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = pathItem[method];
      if (operation === undefined) continue;
      if (operation.operationId === undefined) throw new Error(`OpenAPI: ${method.toUpperCase()} ${path} has no operationId.`);
      const pathPointer = `/paths/${escapePointerSegment(path)}`;
      const pointer = `${pathPointer}/${method}`;
      const parameters = [
        ...(pathItem.parameters ?? []).map((parameter, index) =>
          resolveParameter(document, parameter, `${pathPointer}/parameters/${index}`),
        ),
        ...(operation.parameters ?? []).map((parameter, index) =>
          resolveParameter(document, parameter, `${pointer}/parameters/${index}`),
        ),
      ];
      const description: OperationDescription = {
        operationId: operation.operationId,
        method,
        path,
        pointer,
        apiInterface: (operation.servers ?? pathItem.servers) === undefined ? 'main' : 'partner',
        queryParameters: parameters
          .filter(({ parameter }) => parameter.in === 'query')
          .map(({ parameter, pointer: parameterPointer }) => ({
            name: parameter.name,
            required: parameter.required === true,
            schemaPointer: `${parameterPointer}/schema`,
            schema: parameter.schema ?? {},
          })),
      };
      if (operation.requestBody?.content?.['application/json']?.schema !== undefined) {
        description.bodySchemaPointer = `${pointer}/requestBody/content/application~1json/schema`;
      }
      operations.push(description);
    }
  }
  return operations;
}
