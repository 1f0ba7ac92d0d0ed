/** Build-time OpenAPI helpers (pure, except `openapi-fs.ts` which reads files). */
export { dereference, resolvePointer, OpenApiReferenceError } from './dereference.ts';
export { exampleFromSchema, mediaTypeExample } from './example.ts';
export { listOperationIds, resolveOperation, OperationNotFoundError, OPERATION_METHODS, type OpenApiInput } from './resolve-operation.ts';
export type * from './types.ts';
