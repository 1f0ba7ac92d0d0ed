/** The OpenAPI core: pure, except `openapi-fs.ts` which reads files (build time, Node only). */
export { dereference, resolvePointer, OpenApiReferenceError } from './dereference.ts';
export { exampleFromSchema, mediaTypeExample, type SchemaLookup } from './example.ts';
export { listOperations, listOperationIds, findOperation, operationName, slugify, OPERATION_METHODS, type OperationRef } from './operations.ts';
export { resolveOperation, resolveSchemaRef, keepSchemaRef, type ResolveContext } from './resolve-operation.ts';
export { describeApi, requireOperation, OperationNotFoundError, type ApiDescription, type DescribeOptions } from './describe.ts';
export { absolute, documentServers, expandServerUrl, operationBaseUrl, operationServers, overriddenServerUrl, type ServerOverrides } from './servers.ts';
export { credentialPlacement, requirementsOf, securitySchemes } from './security.ts';
export type * from './types.ts';
