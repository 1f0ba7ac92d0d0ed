/**
 * Writing responses: JSON bodies, problems (the extension's writer, else the operation's own
 * documented error schema filled in, else RFC 9457 problem+json), the headers every response
 * carries, and the answers to OPTIONS and HEAD.
 */
import { statusTitle } from './http-status.ts';
import type { ProblemWriter, RuntimeOperation, RuntimeResponse, SandboxProblem } from './types.ts';

/** Exposed to cross-origin callers (the docs site calls another origin). */
const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers': 'X-Request-Id, WWW-Authenticate, Allow, Location',
};

const NO_BODY = new Set([204, 205, 304]);

function baseHeaders(requestId: string, contentType?: string, extra?: Record<string, string>): Headers {
  const headers = new Headers(CORS_HEADERS);
  headers.set('X-Request-Id', requestId);
  if (contentType !== undefined) headers.set('Content-Type', contentType);
  for (const [name, value] of Object.entries(extra ?? {})) headers.set(name, value);
  return headers;
}

/** A response with a JSON (or no) body; 204, 205 and 304 never carry one. */
export function jsonResponse(status: number, body: unknown, requestId: string, contentType = 'application/json', extra?: Record<string, string>): Response {
  if (NO_BODY.has(status) || body === undefined) return new Response(null, { status, headers: baseHeaders(requestId, undefined, extra) });
  return new Response(JSON.stringify(body), { status, headers: baseHeaders(requestId, contentType, extra) });
}

/** The documented response for a status: exact, then `4XX`, then `default`. */
function documentedResponse(operation: RuntimeOperation | undefined, status: number): RuntimeResponse | undefined {
  if (operation === undefined) return undefined;
  const exact = operation.responses.find((response) => response.status === String(status));
  return exact ?? operation.responses.find((response) => response.status.toUpperCase() === `${String(status)[0]}XX`) ?? operation.responses.find((response) => response.status === 'default');
}

/** The first of `candidates` the operation documents, else the first candidate. */
export function documentedStatus(operation: RuntimeOperation | undefined, candidates: readonly number[]): number {
  return candidates.find((status) => operation?.responses.some((response) => response.status === String(status))) ?? candidates[0]!;
}

const JSON_TYPE = /^application\/([\w.+-]+\+)?json$/i;

/** RFC 9457: `type`, `title`, `status`, `detail`, and `errors: [{ pointer, detail }]` for field problems. */
function rfc9457(problem: SandboxProblem): Record<string, unknown> {
  const body: Record<string, unknown> = { type: 'about:blank', title: statusTitle(problem.status), status: problem.status, detail: problem.detail };
  if (problem.errors !== undefined && problem.errors.length > 0) body['errors'] = problem.errors;
  return body;
}

/** The operation's documented error body with the problem's words in the fields that take them. */
function documentedErrorBody(problem: SandboxProblem, documented: RuntimeResponse): Record<string, unknown> | unknown {
  const template = documented.example;
  if (typeof template !== 'object' || template === null || Array.isArray(template)) return template;
  const body: Record<string, unknown> = { ...(template as Record<string, unknown>) };
  const words = { detail: problem.detail, status: problem.status, title: statusTitle(problem.status), reason: problem.reason };
  for (const [field, source] of Object.entries(documented.fill ?? {})) body[field] = words[source];
  const list = documented.fillIssues;
  if (list) {
    // The request's own field issues, never the example's (which name other fields); none: an empty list, or no list where it is optional.
    const issues = (problem.errors ?? []).map((issue) => ({ [list.location]: issue.pointer, [list.message]: issue.detail }));
    if (issues.length > 0 || list.required) body[list.property] = issues;
    else delete body[list.property];
  }
  return body;
}

export function problemResponse(problem: SandboxProblem, requestId: string, operation: RuntimeOperation | undefined, writer: ProblemWriter | undefined): Response {
  const headers = problem.headers ?? {};
  if (writer !== undefined) {
    const written = writer(problem, { requestId, operationId: operation?.id, title: statusTitle(problem.status) });
    return jsonResponse(problem.status, written.body, requestId, written.contentType ?? 'application/problem+json', headers);
  }
  const documented = documentedResponse(operation, problem.status);
  if (documented?.contentType !== undefined && documented.example !== undefined && JSON_TYPE.test(documented.contentType)) {
    return jsonResponse(problem.status, documentedErrorBody(problem, documented), requestId, documented.contentType, headers);
  }
  return jsonResponse(problem.status, rfc9457(problem), requestId, 'application/problem+json', headers);
}

/** The answer to a CORS preflight or an `OPTIONS` request on a known path. */
export function optionsResponse(allowedMethods: readonly string[], requestId: string, allowHeaders: readonly string[]): Response {
  const allow = allowedMethods.join(', ');
  const headers = baseHeaders(requestId, undefined, {
    Allow: allow,
    'Access-Control-Allow-Methods': allow,
    'Access-Control-Allow-Headers': ['Authorization', 'Content-Type', ...allowHeaders].join(', '),
    'Access-Control-Max-Age': '600',
  });
  return new Response(null, { status: 204, headers });
}

/** The same response without its body, for `HEAD`; `Content-Length` is the GET's. */
export async function withoutBody(response: Response): Promise<Response> {
  const headers = new Headers(response.headers);
  if (response.body !== null) headers.set('Content-Length', String((await response.arrayBuffer()).byteLength));
  return new Response(null, { status: response.status, headers });
}
