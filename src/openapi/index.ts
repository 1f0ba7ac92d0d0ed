/** The OpenAPI core: pure, except `openapi-fs.ts` which reads files (build time, Node only). */
export { dereference } from './dereference.ts';
export { exampleFromSchema } from './example.ts';
export { listOperations, listOperationIds, operationName, slugify, type OperationRef } from './operations.ts';
export { describeApi, requireOperation, OperationNotFoundError, type ApiDescription } from './describe.ts';
export { absolute, documentServers, expandServerUrl, operationServers, serverUrl, type ServerOverrides, type ServerPlace } from './servers.ts';
export { credentialPlacement } from './security.ts';
export type * from './types.ts';
