/**
 * Contract checks against content/1.2/openapi.yaml: a response must have a declared status,
 * the declared content type, and a body that validates against the declared schema.
 */
import { expect } from 'vitest';
import { join } from 'node:path';
import addFormatsModule from 'ajv-formats';
import { listOperations, type OperationRef } from '../../../../src/openapi/operations.ts';
import { readOpenApi } from '../../../../src/openapi/openapi-fs.ts';
import type { OpenApiInput } from '../../../../src/openapi/types.ts';
import { compiledValidators } from '../../../../src/sandbox/build/schemas.ts';
import { escapePointerSegment } from '../../../../src/sandbox/core/issues.ts';

export const ROOT = join(import.meta.dirname, '../../../..');
export const readDescription = (version: string): OpenApiInput => readOpenApi(ROOT, `content/${version}/openapi.yaml`);

// ajv-formats is CommonJS; depending on the loader its default export is the plugin or a namespace.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as typeof addFormatsModule;

export const openapi = readDescription('1.2');
/** With format checks: responses must carry real date-times, UUIDs and URIs. */
const registry = compiledValidators(openapi, { direction: 'response', formats: (ajv) => addFormats(ajv as never) });
const operations = new Map(listOperations(openapi).map((operation) => [operation.operationId!, operation]));

type ResponseObject = { content?: Record<string, { schema?: unknown }>; $ref?: string };

function operation(operationId: string): OperationRef {
  const found = operations.get(operationId);
  if (found === undefined) throw new Error(`No operation ${operationId} in the OpenAPI document.`);
  return found;
}

function mediaType(contentType: string | null): string {
  return (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

/** Why the response breaks the contract of the operation (null when it does not). */
export function contractViolation(operationId: string, status: number, contentType: string | null, body: unknown): string | null {
  const { pointer, operation: raw } = operation(operationId);
  const responses = (raw['responses'] ?? {}) as Record<string, ResponseObject>;
  const declared = responses[String(status)];
  if (declared === undefined) return `status ${status} is not declared for ${operationId}`;
  let responsePointer = `${pointer}/responses/${status}`;
  let responseObject = declared;
  if (declared.$ref !== undefined) {
    const name = declared.$ref.replace('#/components/responses/', '');
    responseObject = ((openapi.components?.['responses'] as Record<string, unknown> | undefined)?.[name] ?? {}) as ResponseObject;
    responsePointer = `/components/responses/${escapePointerSegment(name)}`;
  }
  const declaredTypes = Object.keys(responseObject.content ?? {});
  const actualType = mediaType(contentType);
  if (declaredTypes.length === 0) return body === undefined ? null : `${operationId} ${status} declares no body`;
  if (!declaredTypes.includes(actualType)) return `content type ${actualType || '(none)'} is not one of ${declaredTypes.join(', ')}`;
  const validate = registry.get(`${responsePointer}/content/${escapePointerSegment(actualType)}/schema`)!;
  if (!validate(body)) return `body fails the schema: ${JSON.stringify(validate.errors?.slice(0, 5))}`;
  return null;
}

/** The problem+json schema, for responses that belong to no operation (404 paths, 405). */
export function problemViolation(contentType: string | null, body: unknown): string | null {
  if (mediaType(contentType) !== 'application/problem+json') return `content type ${contentType} is not application/problem+json`;
  const validate = registry.get('/components/schemas/Problem')!;
  return validate(body) ? null : `body fails the Problem schema: ${JSON.stringify(validate.errors?.slice(0, 5))}`;
}

/** Reads the body of a (cloned) response and asserts it matches the operation's contract. */
export async function expectMatchesOpenApi(response: Response, operationId: string): Promise<unknown> {
  const text = await response.clone().text();
  const body = text === '' ? undefined : (JSON.parse(text) as unknown);
  expect(response.headers.get('x-request-id'), 'every response has X-Request-Id').toMatch(/^req_/);
  expect(contractViolation(operationId, response.status, response.headers.get('content-type'), body)).toBeNull();
  if (body !== undefined && typeof body === 'object' && body !== null && 'request_id' in body) {
    expect((body as { request_id: unknown }).request_id).toBe(response.headers.get('x-request-id'));
  }
  return body;
}
