/**
 * Types of the OpenAPI core. `OpenApiInput` is the parsed description as read; a
 * `ResolvedOperation` is one operation made self-contained and serialisable for pages and
 * consoles: parameters, request bodies, responses and headers are inlined, while named schemas
 * (`#/components/schemas/X`) stay `$ref`s, so each is rendered once and linked.
 */

export type Json = Record<string, unknown>;

/** A JSON Schema (OpenAPI 3.0 or 3.1 dialect) that may hold `$ref`s to named component schemas. */
export type ResolvedSchema = { [keyword: string]: unknown };

export type OperationMethod = 'get' | 'put' | 'post' | 'delete' | 'patch' | 'head' | 'options' | 'trace';

/** The parts of an OpenAPI document the generator reads; everything else is kept as is. */
export interface OpenApiInput {
  openapi: string;
  info?: { title?: string; version?: string; description?: string; [key: string]: unknown };
  servers?: ServerObject[];
  security?: Array<Record<string, string[]>>;
  paths?: Record<string, Json>;
  webhooks?: Record<string, Json>;
  components?: Json;
  tags?: Array<{ name: string; description?: string; 'x-displayName'?: string; [key: string]: unknown }>;
  'x-tagGroups'?: Array<{ name: string; tags: string[] }>;
  [key: string]: unknown;
}

export interface ServerObject {
  url: string;
  description?: string;
  variables?: Record<string, { default: string; enum?: string[]; description?: string }>;
}

export interface OperationParameter {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required: boolean;
  description?: string;
  deprecated?: boolean;
  /** Serialisation (`form`, `simple`, `deepObject`, …) as the description states it. */
  style?: string;
  explode?: boolean;
  schema: ResolvedSchema;
  /** `example` of the parameter, else of its schema. */
  example?: unknown;
}

/** One media type of a request or response body. */
export interface MediaContent {
  contentType: string;
  schema?: ResolvedSchema;
  /** The media type's `example`, else its first named example's value. */
  example?: unknown;
  /** Named examples (`examples`), with their summaries. */
  examples?: Array<{ name: string; summary?: string; value: unknown }>;
}

export interface OperationRequestBody {
  required: boolean;
  /** The JSON media type when there is one, else the first; what consoles and samples send. */
  contentType: string;
  description?: string;
  schema: ResolvedSchema;
  /** The first named example, else `example`, else one built from the schema. */
  example?: unknown;
  /** Every media type the operation accepts (JSON, form data, multipart, XML, …). */
  contents: MediaContent[];
}

interface ResponseHeader {
  name: string;
  description?: string;
  required?: boolean;
  schema?: ResolvedSchema;
}

export interface OperationResponse {
  /** `200`, `4XX` or `default`. */
  status: string;
  description: string;
  /** The first media type, when the response has a body. */
  contentType?: string;
  schema?: ResolvedSchema;
  example?: unknown;
  /** Every media type of the response. */
  contents: MediaContent[];
  headers: ResponseHeader[];
  /** Names and descriptions of the response's `links`. */
  links: Array<{ name: string; operation?: string; description?: string }>;
}

/** One security scheme of `components.securitySchemes`, as the reference explains it. */
export interface SecurityScheme {
  /** Its key under `securitySchemes`. */
  key: string;
  type: 'http' | 'apiKey' | 'oauth2' | 'openIdConnect' | 'mutualTLS';
  description?: string;
  /** http: `bearer`, `basic`, … (lowercase). */
  scheme?: string;
  bearerFormat?: string;
  /** apiKey: where the key goes, and its name there. */
  in?: 'header' | 'query' | 'cookie';
  name?: string;
  /** oauth2: each flow with its URLs and scopes. */
  flows?: Array<{ flow: string; authorizationUrl?: string; tokenUrl?: string; refreshUrl?: string; deviceAuthorizationUrl?: string; scopes: Record<string, string> }>;
  openIdConnectUrl?: string;
  /** Credentials the site's sandbox accepts for this scheme (`x-sandbox-credentials`). */
  sandboxCredentials: Array<{ value: string; label?: string; description?: string }>;
}

/** All of these at once (one entry of a `security` list); an empty list means "no credential". */
export type SecurityRequirement = Array<{ scheme: SecurityScheme; scopes: string[] }>;

export interface OperationCallback {
  name: string;
  /** The runtime expression of the callback URL, e.g. `{$request.body#/callbackUrl}`. */
  expression: string;
  method: OperationMethod;
  summary?: string;
  description?: string;
  requestBody?: OperationRequestBody;
  responses: OperationResponse[];
}

export interface ResolvedOperation {
  /** The operationId, or `METHOD /path` when the description gives none. */
  operationId: string;
  /** True when `operationId` is the description's own. */
  hasOperationId: boolean;
  kind: 'path' | 'webhook';
  method: OperationMethod;
  /** The path template, e.g. `/pets/{petId}` (a webhook's name for webhooks). */
  path: string;
  /** JSON Pointer of the operation in its description. */
  pointer: string;
  summary?: string;
  description?: string;
  deprecated: boolean;
  tags: string[];
  /** The base URL calls go to: the description's server for this operation, after the site's overrides. */
  serverUrl: string;
  /** Alternatives: any one entry satisfies the operation (empty: no credential needed). */
  security: SecurityRequirement[];
  /** True when every alternative needs a credential. */
  requiresAuth: boolean;
  /** Path parameters first (in template order), then query, header and cookie parameters. */
  parameters: OperationParameter[];
  requestBody?: OperationRequestBody;
  responses: OperationResponse[];
  callbacks: OperationCallback[];
  /** The description's own samples (`x-codeSamples`, or `x-code-samples`), shown before the generated ones. */
  codeSamples?: DescribedCodeSample[];
}

/** One entry of `x-codeSamples`: `label` defaults to `lang`. */
export interface DescribedCodeSample {
  lang: string;
  label: string;
  source: string;
}
