/**
 * One version's API as the generator sees it: the description, its operations (with slugs),
 * its security schemes and the site's base-URL overrides, with operations resolved on demand
 * and kept, so a page resolves only what it shows. Pure.
 */
import { dereference } from './dereference.ts';
import { findOperation, listOperations, operationName, type OperationRef } from './operations.ts';
import { resolveOperation, keepSchemaRef, type ResolveContext } from './resolve-operation.ts';
import { securitySchemes } from './security.ts';
import type { ServerOverrides } from './servers.ts';
import type { Json, OpenApiInput, ResolvedOperation, SecurityScheme } from './types.ts';

export interface DescribeOptions {
  /** The description's file relative to the docs root, named in errors. */
  source: string;
  overrides?: ServerOverrides;
  /** The docs site's origin (`url` in site.yml): relative server URLs are relative to it. */
  origin?: string;
}

export interface ApiDescription {
  document: OpenApiInput;
  source: string;
  operations: readonly OperationRef[];
  schemes: ReadonlyMap<string, SecurityScheme>;
  /** The operation, resolved once and kept. */
  resolve(ref: OperationRef): ResolvedOperation;
  /** By operationId, or `METHOD /path` for operations without one. */
  find(name: string): OperationRef | undefined;
}

export class OperationNotFoundError extends Error {
  constructor(name: string, known: readonly string[], source: string) {
    const shown = known.length > 40 ? `${known.slice(0, 40).join(', ')}, … (${known.length} in all)` : known.join(', ') || '(none)';
    super(`OpenAPI: ${source} has no operation \`${name}\`. Known operations: ${shown}.`);
    this.name = 'OperationNotFoundError';
  }
}

export function describeApi(document: OpenApiInput, options: DescribeOptions): ApiDescription {
  const operations = listOperations(document);
  const schemes = securitySchemes(document, (value) => dereference(document, value, '#/components/securitySchemes', keepSchemaRef) as Json);
  const context: ResolveContext = { document, schemes, overrides: options.overrides ?? {}, origin: options.origin ?? 'http://localhost' };
  const resolved = new Map<OperationRef, ResolvedOperation>();
  return {
    document,
    source: options.source,
    operations,
    schemes,
    resolve(ref) {
      let operation = resolved.get(ref);
      if (operation === undefined) {
        operation = resolveOperation(context, ref);
        resolved.set(ref, operation);
      }
      return operation;
    },
    find: (name) => findOperation(operations, name),
  };
}

/** The operation an API console names, or an error listing the known names. */
export function requireOperation(api: ApiDescription, name: string): ResolvedOperation {
  const ref = api.find(name);
  if (ref === undefined) throw new OperationNotFoundError(name, api.operations.map(operationName), api.source);
  return api.resolve(ref);
}
