/**
 * The MCP server over Streamable HTTP (stateless: every POST carries its JSON-RPC messages and
 * gets a JSON answer, so any server instance can answer any request). The caller's credential
 * picks the view; a login-only site answers anonymous callers the tool list and nothing else.
 * Web-standard Request/Response, so it runs inside the Astro endpoint and in tests alike.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import type { Reader } from '../model/access.ts';
import { payloadTooLarge, readBoundedText } from '../server/bounded-body.ts';
import { headerHost, hostPolicy } from '../server/host.ts';
import type { Sandbox } from '../sandbox/core/pipeline.ts';
import type { Caller } from './credentials.ts';
import { ANONYMOUS_ONCE } from './sandbox-calls.ts';
import { createDocsServer } from './tools.ts';
import type { AgentView } from './view.ts';

export interface McpHttpOptions {
  views: (reader: Reader | undefined) => AgentView;
  checkCredential: (authorization: string | null) => Promise<Caller>;
  /** The sandbox of an API (by its key: src/openapi/api-key.ts) for a caller. */
  sandbox: (caller: string, apiKey: string) => Promise<Sandbox | undefined>;
  /** Login-only site: anonymous callers may only initialize and list the tools. */
  loginOnly: boolean;
  /** The site's origin (`url` in site.yml): browsers from it, and from the request's own origin, may call. */
  siteOrigin: string;
  /** Realm named in WWW-Authenticate. */
  realm: string;
  /** Largest JSON-RPC body read, in bytes (`security.bodyLimits.requests`); a larger one is 413 before it is read. */
  maxBodyBytes: number;
}

/** Methods an anonymous caller of a login-only site may use. */
const ANONYMOUS_METHODS = new Set(['initialize', 'notifications/initialized', 'tools/list', 'ping']);

const NO_STORE = { 'cache-control': 'private, no-store', vary: 'authorization' } as const;

export async function handleMcpRequest(request: Request, options: McpHttpOptions): Promise<Response> {
  // DNS rebinding: a page on another origin, or another name pointed at this server, must not
  // reach a server on localhost or an intranet. The Host must be the site's or a loopback name.
  const host = hostPolicy([options.siteOrigin])(headerHost(request.headers.get('host')));
  if (host === 'malformed') return plain(400, 'The Host header must be one host name or address and an optional port.');
  if (host === 'foreign') return plain(403, `This MCP endpoint answers for ${new URL(options.siteOrigin).host} (and localhost) only.`);
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== new URL(request.url).origin && origin !== new URL(options.siteOrigin).origin) return plain(403, 'Requests from other origins are refused.');
  if (request.method !== 'POST') return plain(405, 'The MCP endpoint takes JSON-RPC messages by POST (Streamable HTTP, no session).', { allow: 'POST' });

  const caller = await options.checkCredential(request.headers.get('authorization'));
  if (caller.kind === 'invalid') return unauthorized(options.realm, caller.reason, true);

  const text = await readBoundedText(request, options.maxBodyBytes);
  if (!text.ok) return payloadTooLarge(options.maxBodyBytes, NO_STORE);
  let body: unknown;
  try {
    body = JSON.parse(text.text);
  } catch {
    return jsonRpcError(400, -32700, 'The body must be a JSON-RPC message (application/json).');
  }
  if (caller.kind === 'anonymous' && options.loginOnly) {
    const messages = Array.isArray(body) ? body : [body];
    const methods = messages.map((message) => (typeof message === 'object' && message !== null ? (message as { method?: unknown }).method : undefined));
    if (!methods.every((method) => typeof method === 'string' && ANONYMOUS_METHODS.has(method))) {
      return unauthorized(options.realm, 'This documentation is for signed-in readers: create an agent token on your account page and send it as "Authorization: Bearer <token>".', false);
    }
  }

  const reader = caller.kind === 'reader' ? caller.reader : undefined;
  const view = options.views(reader);
  // Built servers are kept per view and reconnected: building one (tools, schemas) costs more than a search.
  const idle = idleServers.get(view) ?? [];
  idleServers.set(view, idle);
  const server = idle.pop() ?? createDocsServer({ view, sandbox: (key, sandboxCaller) => options.sandbox(sandboxCaller, key) });
  const transport = new WebStandardStreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  await server.connect(transport);
  try {
    const session = sandboxSession(request, body);
    const authInfo = { token: '', clientId: reader ? `reader:${reader.id}` : session.caller, scopes: [] };
    const response = await transport.handleRequest(request, { parsedBody: body, authInfo });
    const headers = new Headers(response.headers);
    for (const [name, value] of Object.entries(NO_STORE)) headers.set(name, value);
    if (session.issued !== undefined && response.ok) headers.set('mcp-session-id', session.issued);
    return new Response(response.body === null ? null : await response.arrayBuffer(), { status: response.status, headers });
  } finally {
    await server.close();
    if (idle.length < MAX_IDLE_SERVERS) idle.push(server);
  }
}

/** What MCP allows in a session id: visible ASCII. */
const SESSION_ID = /^[\x21-\x7e]{1,128}$/;

/**
 * Whose sandbox state an anonymous call uses. Each MCP session has its own: `initialize` is
 * answered with a fresh `Mcp-Session-Id`, which clients send back on every later request (the
 * server keeps nothing else per session, so any instance still answers any request). A request
 * without one gets a state of its own that is dropped after the call (`ANONYMOUS_ONCE`).
 */
function sandboxSession(request: Request, body: unknown): { caller: string; issued?: string } {
  const sent = request.headers.get('mcp-session-id');
  if (sent !== null && SESSION_ID.test(sent)) return { caller: `session:${sent}` };
  const messages = Array.isArray(body) ? body : [body];
  const initializing = messages.some((message) => typeof message === 'object' && message !== null && (message as { method?: unknown }).method === 'initialize');
  if (!initializing) return { caller: ANONYMOUS_ONCE };
  const issued = crypto.randomUUID();
  return { caller: `session:${issued}`, issued };
}

const idleServers = new WeakMap<AgentView, McpServer[]>();
const MAX_IDLE_SERVERS = 32;

function plain(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(`${text}\n`, { status, headers: { 'content-type': 'text/plain; charset=utf-8', ...NO_STORE, ...headers } });
}

function jsonRpcError(status: number, code: number, message: string, headers: Record<string, string> = {}): Response {
  return Response.json({ jsonrpc: '2.0', error: { code, message }, id: null }, { status, headers: { ...NO_STORE, ...headers } });
}

/** 401 with the RFC 6750 challenge; `invalid` marks a presented token that was refused. */
function unauthorized(realm: string, message: string, invalid: boolean): Response {
  const challenge = `Bearer realm="${realm.replace(/["\\]/g, '')}"${invalid ? `, error="invalid_token", error_description="${message.replace(/["\\]/g, '')}"` : ''}`;
  return jsonRpcError(401, -32001, message, { 'www-authenticate': challenge });
}
