/**
 * The request pipeline shared by every environment. It knows HTTP (Request in, Response out)
 * but not MSW: `handlers.ts` routes requests here. Checks run in a fixed order and the first
 * failure answers: authentication (401), permission (403), media type (415), size (413),
 * syntax (400), schema (422), then the domain rules (404, 409, 422).
 */
import type { Refusal, RefusalKind } from '../domain/outcome.ts';
import type { SandboxStore } from '../domain/store.ts';
import { describeOperations, type OpenApiDocument, type OperationDescription } from '../openapi/document.ts';
import { createRequestValidator } from '../openapi/request-validation.ts';
import type { SchemaRegistry } from '../openapi/schema-registry.ts';
import { authenticate, authorize } from './authentication.ts';
import { readJsonBody } from './json-body.ts';
import { OPERATION_IMPLEMENTATIONS, isImplemented, type OperationImplementation } from './operations.ts';
import { createRequestIds, type RequestIdSource } from './request-ids.ts';
import { jsonResponse, optionsResponse, problemResponse, type Problem } from './responses.ts';

export interface SandboxApiOptions {
  store: SandboxStore;
  /** The parsed OpenAPI document (content/<version>/openapi.yaml as an object). */
  openapi: OpenApiDocument;
  requestIds?: RequestIdSource;
  /** Called after every request that changed the state (to persist it, for example). */
  onStateChange?: () => void;
}

export interface SandboxApiWithSchemas extends SandboxApiOptions {
  /** Validators of the document's request schemas (Ajv at run time, or generated at build time). */
  schemas: SchemaRegistry;
}

export interface BoundOperation {
  description: OperationDescription;
  implementation: OperationImplementation;
}

export interface SandboxApi {
  operations: readonly BoundOperation[];
  handle(operation: BoundOperation, request: Request, pathParams: Readonly<Record<string, string>>): Promise<Response>;
  unknownPath(request: Request): Response;
  wrongMethod(request: Request, allowedMethods: readonly string[]): Response;
  options(allowedMethods: readonly string[]): Response;
}

const STATUS_BY_REFUSAL: Readonly<Record<RefusalKind, number>> = { not_found: 404, conflict: 409, invalid: 422 };

function refusalProblem(refusal: Refusal): Problem {
  return { status: STATUS_BY_REFUSAL[refusal.kind], code: refusal.code, detail: refusal.detail, errors: refusal.errors };
}

export function createSandboxApi(options: SandboxApiWithSchemas): SandboxApi {
  const { store } = options;
  const nextRequestId = options.requestIds ?? createRequestIds();
  const registry = options.schemas;
  const validator = createRequestValidator(options.openapi, registry);
  const operations = describeOperations(options.openapi).map((description): BoundOperation => {
    if (!isImplemented(description.operationId)) {
      throw new Error(`Caravan sandbox: the OpenAPI operation \`${description.operationId}\` has no implementation.`);
    }
    if (description.bodySchemaPointer !== undefined) registry.validatorAt(description.bodySchemaPointer);
    return { description, implementation: OPERATION_IMPLEMENTATIONS[description.operationId] };
  });

  async function answer(operation: BoundOperation, request: Request, pathParams: Readonly<Record<string, string>>, requestId: string): Promise<Response> {
    const { description, implementation } = operation;
    const fail = (problem: Problem) => problemResponse(problem, requestId);

    const authentication = authenticate(request.headers.get('Authorization'));
    if (!authentication.ok) return fail(authentication.problem);
    const forbidden = authorize(authentication.principal, implementation.permission);
    if (forbidden !== undefined) return fail(forbidden);

    let body: unknown;
    if (description.bodySchemaPointer !== undefined) {
      const reading = await readJsonBody(request);
      if (!reading.ok) return fail(reading.problem);
      body = reading.value;
    }
    const query = validator.parseQuery(description, new URL(request.url).searchParams);
    if (!query.ok) {
      const names = [...new Set(query.issues.map((issue) => `\`${issue.pointer}\``))].join(', ');
      return fail({ status: 400, code: 'invalid_query_parameter', detail: `The query parameter(s) ${names} have bad values.`, errors: query.issues });
    }
    const issues = validator.bodyIssues(description, body);
    if (issues.length > 0) {
      return fail({ status: 422, code: 'validation_failed', detail: `The request body has ${issues.length} problem(s).`, errors: issues });
    }

    const outcome = implementation.run({ store, principal: authentication.principal, pathParams, query: query.values, body });
    if (!outcome.ok) return fail(refusalProblem(outcome.refusal));
    if (implementation.mutates) options.onStateChange?.();
    const { status, body: responseBody, withRequestId } = outcome.value;
    return jsonResponse(status, withRequestId === true ? { ...(responseBody as object), request_id: requestId } : responseBody, requestId);
  }

  return {
    operations,
    async handle(operation, request, pathParams) {
      const requestId = nextRequestId();
      try {
        return await answer(operation, request, pathParams, requestId);
      } catch (error) {
        // Not expected for any input; kept so a bug still yields a well-formed problem.
        const detail = error instanceof Error ? error.message : String(error);
        return problemResponse({ status: 500, code: 'internal_error', detail: `The sandbox failed unexpectedly: ${detail}` }, requestId);
      }
    },
    unknownPath(request) {
      const { pathname } = new URL(request.url);
      return problemResponse(
        { status: 404, code: 'endpoint_not_found', detail: `No operation lives at \`${pathname}\`. See the API reference for the paths.` },
        nextRequestId(),
      );
    },
    wrongMethod(request, allowedMethods) {
      const allow = allowedMethods.join(', ');
      return problemResponse(
        {
          status: 405,
          code: 'method_not_allowed',
          detail: `\`${request.method}\` is not supported here; use ${allow}.`,
          headers: { Allow: allow },
        },
        nextRequestId(),
      );
    },
    options(allowedMethods) {
      return optionsResponse(allowedMethods, nextRequestId());
    },
  };
}
