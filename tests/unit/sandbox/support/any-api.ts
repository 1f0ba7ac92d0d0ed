/**
 * Contract checks for the generic engine on descriptions that are not Caravan's: every
 * response must have a documented status (or be one of the engine's own: 401/404/405/415/
 * 413/400/422 problems), the documented content type, and a body that validates against the
 * documented schema (formats included). No 5xx, ever.
 */
import { join } from 'node:path';
import addFormatsModule from 'ajv-formats';
import { readOpenApi } from '../../../../src/openapi/openapi-fs.ts';
import type { OpenApiInput } from '../../../../src/openapi/types.ts';
import { compiledValidators } from '../../../../src/sandbox/build/schemas.ts';
import type { RuntimeOperation } from '../../../../src/sandbox/core/types.ts';
import { createNodeSandbox } from '../../../../src/sandbox/node/server.ts';
import type { Sandbox } from '../../../../src/sandbox/core/pipeline.ts';

export const ROOT = join(import.meta.dirname, '../../../..');
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as typeof addFormatsModule;

export interface Fixture {
  document: OpenApiInput;
  sandbox: Sandbox;
  check(operation: RuntimeOperation, response: Response): Promise<{ violation: string | null; body: unknown }>;
}

/** Statuses the engine may answer without the description documenting them (RFC 9457 problems). */
const ENGINE_STATUSES = new Set([400, 401, 403, 404, 405, 413, 415, 422]);

export function fixture(file: string, clock = () => new Date('2025-01-01T00:00:00Z')): Fixture {
  const document = readOpenApi(ROOT, file.includes('/') ? file : `tests/fixtures/openapi/${file}`);
  const sandbox = createNodeSandbox({ document, clock });
  const validators = compiledValidators(document, { direction: 'response', formats: (ajv) => addFormats(ajv as never) });
  return {
    document,
    sandbox,
    async check(operation, response) {
      const text = await response.text();
      const type = (response.headers.get('content-type') ?? '').split(';')[0]!.trim();
      let body: unknown;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        return { violation: `body is not JSON: ${text.slice(0, 80)}`, body: text };
      }
      if (response.status >= 500) return { violation: `status ${response.status}`, body };
      const documented =
        operation.responses.find((candidate) => candidate.status === String(response.status)) ??
        operation.responses.find((candidate) => candidate.status.toUpperCase() === `${String(response.status)[0]}XX`) ??
        operation.responses.find((candidate) => candidate.status === 'default');
      if (documented === undefined) {
        if (!ENGINE_STATUSES.has(response.status)) return { violation: `status ${response.status} is not documented`, body };
        if (type !== 'application/problem+json') return { violation: `an undocumented ${response.status} must be problem+json, not ${type}`, body };
        const problem = body as Record<string, unknown>;
        return { violation: problem?.['status'] === response.status && typeof problem['title'] === 'string' && typeof problem['detail'] === 'string' ? null : `not an RFC 9457 problem: ${text}`, body };
      }
      // A documented status without a schema: any body (or none) is within the contract.
      if (documented.schema === undefined) return { violation: null, body };
      if (type !== documented.contentType) return { violation: `content type ${type} is not ${documented.contentType}`, body };
      const validate = validators.get(documented.schema);
      if (validate === undefined) return { violation: null, body };
      return { violation: validate(body) ? null : `${operation.id} ${response.status}: ${JSON.stringify(validate.errors?.slice(0, 3))} in ${text.slice(0, 300)}`, body };
    },
  };
}


/** A reference sample's request with real-looking credentials instead of placeholders (`<token>`). */
export function sampleRequest(built: { method: string; url: string; headers: Array<[string, string]>; body?: string }): Request {
  const headers = new Headers();
  for (const [name, value] of built.headers) {
    if (name === 'Authorization' && value === 'Bearer <token>') headers.set(name, 'Bearer t0ken');
    else if (name === 'Authorization' && value.startsWith('Basic <')) headers.set(name, `Basic ${btoa('user:pw')}`);
    else headers.set(name, value);
  }
  return new Request(built.url, { method: built.method, headers, ...(built.body === undefined ? {} : { body: built.body }) });
}
