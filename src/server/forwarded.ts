/**
 * Where a request came from as the reader sees it, behind any number of trusted reverse proxies.
 * Pure (the one-time notice keeps its state in the closure its caller holds). A client can send any `X-Forwarded-*` header it likes, so they are believed only from the
 * proxies the operator declared (`CARAVAN_DOCS_TRUSTED_PROXY_HOPS`), and the site's own `url`
 * settles the scheme whenever the request names the site's host.
 */
import { LOOPBACK_HOSTNAMES, parseHost } from './host.ts';

/** The scheme the outermost trusted proxy saw, from `X-Forwarded-Proto`; undefined when no proxy is trusted or it names none. */
export function forwardedScheme(header: string | null | undefined, hops: number): 'http' | 'https' | undefined {
  if (hops === 0 || !header) return undefined;
  const entries = header.split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean);
  // Proxies that append leave one entry each (the outermost trusted one is `hops` from the end);
  // proxies that overwrite leave one entry in all.
  const entry = entries.length > hops ? entries[entries.length - hops] : entries[0];
  return entry === 'https' || entry === 'http' ? entry : undefined;
}

/**
 * The origin the reader used: the site's `url` when the request's `Host` is the site's host (so a
 * deployment behind a TLS-terminating proxy is https even when the proxy says nothing); a loopback
 * host (a server tried on this machine) with the trusted forwarded scheme, or the connection's;
 * and the site's `url` for any other Host, so no answer (a redirect, sign-in's URLs) ever names a
 * host the client chose. (The adapter does not put the `Host` header into the request's URL,
 * hence the header.)
 */
export function publicOrigin(request: Request, siteUrl: string, hops: number): URL {
  const url = new URL(request.url);
  return readerOrigin({ host: request.headers.get('host'), scheme: url.protocol.slice(0, -1), forwardedProto: request.headers.get('x-forwarded-proto') }, siteUrl, hops, url.host);
}

/** What a request says of where it came from: its `Host` header, the connection's scheme, and `X-Forwarded-Proto`. */
export interface RequestOrigin {
  host: string | null | undefined;
  scheme: string;
  forwardedProto: string | null | undefined;
}

/** `publicOrigin` over the raw parts (the front server has no Request, only Node's message). */
export function readerOrigin(origin: RequestOrigin, siteUrl: string, hops: number, fallbackHost = 'localhost'): URL {
  const host = parseHost(origin.host) ?? parseHost(fallbackHost);
  const site = new URL(siteUrl);
  if (!host || !LOOPBACK_HOSTNAMES.has(host.hostname) || host.hostname === site.hostname) return new URL(site.origin);
  const scheme = forwardedScheme(origin.forwardedProto, hops) ?? origin.scheme;
  return new URL(`${scheme}://${host.host}`);
}

/**
 * Whether a request's `Origin` allows a state-changing call: none (not a browser, or a same-origin
 * request that sent none), the site's own origin, or the origin the reader used (publicOrigin).
 * `Origin: null` and every other page are refused.
 */
export function acceptedOrigin(request: Request, siteUrl: string, hops: number): boolean {
  const origin = request.headers.get('origin');
  return origin === null || origin === new URL(siteUrl).origin || origin === publicOrigin(request, siteUrl, hops).origin;
}

/**
 * The request as the reader sent it: its URL on the public origin, and the forwarded headers
 * restated from that origin, so code that reads them (Auth.js builds its redirect and callback
 * URLs from `X-Forwarded-Host` and `X-Forwarded-Proto`) sees what this server decided, never what
 * a client claimed.
 */
export function asReaderSent(request: Request, siteUrl: string, hops: number): Request {
  const origin = publicOrigin(request, siteUrl, hops);
  const url = new URL(request.url);
  const headers = new Headers(request.headers);
  headers.set('x-forwarded-proto', origin.protocol.slice(0, -1));
  headers.set('x-forwarded-host', origin.host);
  return new Request(new URL(`${url.pathname}${url.search}`, origin), {
    method: request.method,
    headers,
    body: request.body,
    // Required by undici for a streamed body; harmless without one.
    ...(request.body ? { duplex: 'half' } : {}),
    redirect: request.redirect,
    signal: request.signal,
  } as RequestInit);
}

/**
 * Logs once that `X-Forwarded-For` arrived while no proxy is trusted: behind an undeclared proxy
 * every reader has the proxy's address, so they all share one sign-in throttle. The header itself
 * is still ignored (a client can send it).
 */
export function untrustedForwardingNotice(log: (message: string) => void): (forwardedFor: string | null | undefined, hops: number) => void {
  let told = false;
  return (forwardedFor, hops) => {
    if (told || hops > 0 || !forwardedFor) return;
    told = true;
    log('[caravan-docs] A request came with X-Forwarded-For, but CARAVAN_DOCS_TRUSTED_PROXY_HOPS is 0, so it is ignored and the connection\'s address is used. Behind a reverse proxy every reader then shares the proxy\'s address (and one sign-in throttle): set CARAVAN_DOCS_TRUSTED_PROXY_HOPS to the number of proxies in front of the server.');
  };
}
