import compression from 'compression';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { performance } from 'node:perf_hooks';
import { forwardedScheme, readerOrigin } from '../forwarded.ts';
import { preferredRepresentation } from './accept.ts';
import { pageLinkHeader, sourceLinkHeader } from '../../discovery/link-headers.ts';
import { NEGOTIATED_HEADER, pageOfSource, sourceOfPage } from './alternates.ts';
import { loggablePath, type Logger } from './log.ts';
import { checkReadiness, type ReadinessCheck } from './readiness.ts';
import { capConnectionsPerAddress, plainRefusal } from '../connection-cap.ts';
import { httpServerTimeouts, DEFAULT_CONNECTION_LIMITS, type ConnectionLimits } from '../connection-limits.ts';
import { lingeringClose } from '../lingering-close.ts';
import { malformedRequest, withoutDotSegments } from './request-shape.ts';
import { REQUEST_ID_HEADER, requestIdFrom } from './request-id.ts';
import { addVary, beforeHead } from './response-headers.ts';
import type { SecurityHeaders } from './security-headers.ts';
import type { StaticFiles } from './static-files.ts';

/** The adapter's request handler (@astrojs/node): static files from the client folder, then the on-demand routes. */
export type NodeHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface FrontOptions {
  handler: NodeHandler;
  /** The site's base path, ending with `/`. */
  base: string;
  files: StaticFiles;
  readiness: readonly ReadinessCheck[];
  log: Logger;
  /** How long one readiness check may take before it counts as failing. */
  readinessTimeoutMs?: number;
  /** Headers every response carries (src/server/front/security-headers.ts). */
  headers: SecurityHeaders;
  /** `url` of site.yml: requests for its host are answered as from its origin (https behind a TLS proxy). */
  siteUrl: string;
  /** Reverse proxies trusted to set `X-Forwarded-Proto` and append `X-Forwarded-For` (CARAVAN_DOCS_TRUSTED_PROXY_HOPS). */
  proxyHops: number;
  /**
   * The largest body a request with this method and path may have, in bytes (0: it takes none);
   * a larger declared `Content-Length`, or a streamed body where none is taken, is refused unread.
   */
  bodyLimit: (method: string, pathname: string) => number;
  /** Header and request timeouts, and the cap on connections per client address (settings.ts). */
  connections?: ConnectionLimits;
}

export interface Front {
  server: Server;
  /** Requests whose response has not finished yet. */
  inFlight: () => number;
  /** From now on: `/healthz` and `/readyz` answer 503 and every response closes its connection. */
  beginShutdown: () => void;
}

const MARKDOWN_TYPE = 'text/markdown; charset=utf-8';

/**
 * The one server in front of every build: the adapter's handler for a server build, or the
 * static site's (static-site.ts). It adds health and readiness probes, a request id and one log
 * line per request, security headers, request body limits, compression, and Markdown by content
 * negotiation on documentation pages. The role check stays where it is (the on-demand page
 * route): the front only rewrites a page URL to its `.md` source, which the route answers after
 * the same check as the page.
 */
export function createFront(options: FrontOptions): Front {
  const { handler, base, files, readiness, log, headers, siteUrl, proxyHops, bodyLimit } = options;
  const limits = options.connections ?? DEFAULT_CONNECTION_LIMITS;
  // Text answers compressed when the client accepts it (pages, sources, scripts, the search index's JSON).
  const compress = compression({ threshold: 1024 });
  let inFlight = 0;
  let shuttingDown = false;
  const probePaths = new Set(['/healthz', '/readyz', `${base}healthz`, `${base}readyz`]);

  // A client that takes longer than the limits to send its headers, or its whole request (a body
  // trickled a byte at a time), gets 408 and loses the connection (connection-limits.ts).
  const server = createServer(httpServerTimeouts(limits), (req, res) => {
    // A connection over its address's cap was answered 503 already: nothing it sends is served.
    if (refusedConnection(req.socket)) return;
    const started = performance.now();
    const id = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
    const path = loggablePath(req.url);
    const method = req.method ?? 'GET';
    inFlight += 1;
    res.once('close', () => {
      inFlight -= 1;
      const fields = { requestId: id, method, path, status: res.statusCode, durationMs: Math.round((performance.now() - started) * 10) / 10 };
      if (res.writableFinished) log(res.statusCode >= 500 ? 'error' : 'info', 'request', fields);
      else log('warn', 'request aborted', fields);
    });
    req.headers[REQUEST_ID_HEADER] = id;
    delete req.headers[NEGOTIATED_HEADER];
    trustForwarded(req);
    res.setHeader('X-Request-Id', id);
    for (const [name, value] of Object.entries(headers.always)) res.setHeader(name, value);
    if (readerOrigin({ host: req.headers.host, scheme: 'http', forwardedProto: header(req.headers['x-forwarded-proto']) }, siteUrl, proxyHops).protocol === 'https:') {
      for (const [name, value] of Object.entries(headers.https)) res.setHeader(name, value);
    }
    if (shuttingDown) res.setHeader('Connection', 'close');

    // Nothing behind the front ever builds a URL from a Host that is not one host, nor from an
    // absolute or asterisk request target (request-shape.ts).
    const problem = malformedRequest(req);
    if (problem) {
      refuse(res, 400, problem);
      return;
    }
    if (probePaths.has(path)) {
      void answerProbe(path.endsWith('healthz') ? 'healthz' : 'readyz', method, res);
      return;
    }
    // `.` and `..` segments, encoded or not, are never resolved behind the front (the URL parser
    // would, after the file server or the role check had seen another path): GET and HEAD are sent
    // to the normalised path, where every check applies again; anything else is not found.
    const [rawPath = '', query] = splitQuery(req.url ?? '');
    const normalised = withoutDotSegments(rawPath);
    if (normalised !== undefined) {
      if ((method === 'GET' || method === 'HEAD') && !normalised.startsWith('//')) {
        res.writeHead(301, { Location: query === undefined ? normalised : `${normalised}?${query}`, 'Content-Type': 'text/plain; charset=utf-8', ...(req.headers['content-length'] || req.headers['transfer-encoding'] ? { Connection: 'close' } : {}) });
        res.end(method === 'HEAD' ? undefined : `Moved to ${normalised}\n`);
      } else {
        refuse(res, 404, 'Not found.');
      }
      return;
    }
    const limit = bodyLimit(method, path);
    const declared = Number(req.headers['content-length'] ?? 0);
    const streamed = req.headers['transfer-encoding'] !== undefined;
    if (declared > limit || (streamed && limit === 0)) {
      // Refused before a byte of the body is read; the connection then closes (gently: see lingeringClose).
      refuse(res, 413, limit === 0 ? `${method} ${path} takes no request body.` : `The request body is larger than this server accepts here (${limit} bytes).`);
      return;
    }
    // A route that answers before reading the body it was sent (a refusal, say) closes the
    // connection, so the rest of the body is not read to its end only to be thrown away.
    if (declared > 0 || streamed) {
      beforeHead(res, () => {
        if (!req.complete) res.setHeader('Connection', 'close');
      });
    }
    if (method === 'GET' || method === 'HEAD') negotiate(req, res);
    compress(req as Parameters<typeof compress>[0], res as Parameters<typeof compress>[1], () => handler(req, res));
  });

  /**
   * `X-Forwarded-Proto` and `X-Forwarded-Host` as this server decided them: from a client they
   * are dropped (anyone can send them); behind trusted proxies the scheme is the one the
   * outermost of them saw, and the host header is the one it passed on.
   */
  function trustForwarded(req: IncomingMessage): void {
    const scheme = forwardedScheme(header(req.headers['x-forwarded-proto']), proxyHops);
    delete req.headers['x-forwarded-host'];
    delete req.headers['x-forwarded-port'];
    if (scheme) req.headers['x-forwarded-proto'] = scheme;
    else delete req.headers['x-forwarded-proto'];
  }

  async function answerProbe(probe: 'healthz' | 'readyz', method: string, res: ServerResponse): Promise<void> {
    let status = 200;
    let body: Record<string, unknown> = { status: 'ok' };
    if (shuttingDown) {
      status = 503;
      body = { status: 'shutting down' };
    } else if (probe === 'readyz') {
      const result = await checkReadiness(readiness, options.readinessTimeoutMs ?? 2000);
      status = result.ready ? 200 : 503;
      body = { status: result.ready ? 'ready' : 'not ready', checks: result.checks };
    }
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
    res.end(method === 'HEAD' ? undefined : `${JSON.stringify(body)}\n`);
  }

  /** Sets the alternates of a page or source, and rewrites a page URL to its source when the client prefers Markdown. */
  function negotiate(req: IncomingMessage, res: ServerResponse): void {
    const [pathname = '', query] = splitQuery(req.url ?? '');
    const page = sourceOfPage(pathname, base);
    if (page) {
      const prerendered = files.pages.has(page.file);
      // A prerendered page without a source (all-pages, the landing) has one representation;
      // any other page URL is on demand, where the page route decides after its role check.
      if (prerendered && !files.sources.has(page.file)) return;
      const links = pageLinkHeader(page.sourcePath, base, files.llmsTxt);
      if (prerendered) res.setHeader('Link', links);
      const markdown = preferredRepresentation(req.headers.accept) === 'markdown';
      beforeHead(res, (status) => {
        addVary(res, 'Accept');
        if (!markdown || status !== 200 || !isMarkdown(res.getHeader('content-type'))) return;
        // The Markdown answer names the page's alternates, and where else it lives.
        res.setHeader('Link', links);
        res.setHeader('Content-Location', page.sourcePath);
        res.setHeader('Content-Type', MARKDOWN_TYPE);
      });
      if (!markdown) return;
      req.url = query === undefined ? page.sourcePath : `${page.sourcePath}?${query}`;
      if (!prerendered) req.headers[NEGOTIATED_HEADER] = '1';
      return;
    }
    const source = pageOfSource(pathname, base);
    if (source && files.sources.has(source.file)) {
      res.setHeader('Link', sourceLinkHeader(source.pagePath, base, files.llmsTxt));
      beforeHead(res, (status) => {
        if (status === 200) res.setHeader('Content-Type', MARKDOWN_TYPE);
      });
    }
  }

  server.on('connection', (socket: Socket) => {
    socket.destroySoon = () => lingeringClose(socket);
  });
  const refusedConnection = capConnectionsPerAddress(server, limits.maxPerAddress, plainRefusal(lingeringClose));

  return {
    server,
    inFlight: () => inFlight,
    beginShutdown: () => {
      shuttingDown = true;
    },
  };
}

/** A short plain-text refusal; the connection closes, so a body the client may still be sending is never read. */
function refuse(res: ServerResponse, status: number, text: string): void {
  res.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', Connection: 'close', 'Cache-Control': 'no-store' });
  res.end(`${text}\n`);
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(',') : value;
}

function splitQuery(url: string): [string, string | undefined] {
  const at = url.indexOf('?');
  return at < 0 ? [url, undefined] : [url.slice(0, at), url.slice(at + 1)];
}

function isMarkdown(contentType: ReturnType<ServerResponse['getHeader']>): boolean {
  return typeof contentType === 'string' && /^text\/markdown\b/i.test(contentType);
}
