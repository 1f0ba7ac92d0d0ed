/** Building responses: JSON bodies, RFC 9457 problems, and the headers every response carries. */
import type { FieldIssue } from '../domain/outcome.ts';
import { STATUS_TEXT } from '../../lib/http-status.ts';

/** Problem `type` URIs are this prefix plus the problem `code`. */
export const PROBLEM_TYPE_BASE = 'https://api.caravan.example/problems/';

/** Exposed to cross-origin callers (the docs site calls another origin). */
const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'X-Request-Id, WWW-Authenticate, Allow',
};

export interface Problem {
  status: number;
  code: string;
  detail: string;
  errors?: FieldIssue[] | undefined;
  headers?: Record<string, string>;
}

function baseHeaders(requestId: string, contentType?: string): Headers {
  const headers = new Headers(CORS_HEADERS);
  headers.set('X-Request-Id', requestId);
  if (contentType !== undefined) headers.set('Content-Type', contentType);
  return headers;
}

export function jsonResponse(status: number, body: unknown, requestId: string): Response {
  return new Response(JSON.stringify(body), { status, headers: baseHeaders(requestId, 'application/json') });
}

export function problemResponse(problem: Problem, requestId: string): Response {
  const body: Record<string, unknown> = {
    type: `${PROBLEM_TYPE_BASE}${problem.code}`,
    title: STATUS_TEXT[problem.status] ?? 'Error',
    status: problem.status,
    detail: problem.detail,
    code: problem.code,
    request_id: requestId,
  };
  if (problem.errors !== undefined && problem.errors.length > 0) body['errors'] = problem.errors;
  const headers = baseHeaders(requestId, 'application/problem+json');
  for (const [name, value] of Object.entries(problem.headers ?? {})) headers.set(name, value);
  return new Response(JSON.stringify(body), { status: problem.status, headers });
}

/** The answer to a CORS preflight or an `OPTIONS` request on a known path. */
export function optionsResponse(allowedMethods: readonly string[], requestId: string): Response {
  const headers = baseHeaders(requestId);
  const allow = allowedMethods.join(', ');
  headers.set('Allow', allow);
  headers.set('Access-Control-Allow-Methods', allow);
  headers.set('Access-Control-Allow-Headers', 'Authorization, Content-Type');
  headers.set('Access-Control-Max-Age', '600');
  return new Response(null, { status: 204, headers });
}

/** The same response without its body, for `HEAD`. */
export function withoutBody(response: Response): Response {
  return new Response(null, { status: response.status, headers: response.headers });
}
