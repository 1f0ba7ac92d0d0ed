/**
 * A self-contained, serialisable description of one OpenAPI operation: every `$ref` inlined,
 * nothing that needs the rest of the document. The console embeds it in the page; the
 * reference pages render tables from it.
 */

/** A JSON Schema with its `$ref`s resolved (a cyclic reference is left as `$ref`). */
export type ResolvedSchema = { [keyword: string]: unknown };

export type OperationMethod = 'get' | 'put' | 'post' | 'delete' | 'patch' | 'head' | 'options' | 'trace';

export interface OperationParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  description?: string;
  schema: ResolvedSchema;
  /** `example` of the parameter, else of its schema. */
  example?: unknown;
}

export interface OperationRequestBody {
  required: boolean;
  /** The JSON media type, normally `application/json`. */
  contentType: string;
  description?: string;
  schema: ResolvedSchema;
  /** The first named example, else `example`, else one built from the schema. */
  example?: unknown;
}

export interface OperationResponse {
  /** `200`, `4XX` or `default`. */
  status: string;
  description: string;
  /** The first media type, when the response has a body. */
  contentType?: string;
  schema?: ResolvedSchema;
  example?: unknown;
  /** Names of the response headers. */
  headers: string[];
}

/** Which interface serves the operation: the document's servers, or an override on the path or operation. */
export type OperationInterface = 'main' | 'partner';

export interface ResolvedOperation {
  operationId: string;
  method: OperationMethod;
  /** The path template, e.g. `/caravans/{caravanId}`. */
  path: string;
  summary?: string;
  description?: string;
  tags: string[];
  /** The server URL the document gives for this operation. */
  serverUrl: string;
  interface: OperationInterface;
  /** True when the operation needs a bearer token (document or operation `security`). */
  requiresAuth: boolean;
  /** Path parameters first (in template order), then query, header and cookie parameters. */
  parameters: OperationParameter[];
  requestBody?: OperationRequestBody;
  responses: OperationResponse[];
}
